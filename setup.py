"""The one part of the build pyproject.toml cannot state: the float pass's C loops.

``perceptron_ref.engine._native`` (reference/perceptron_ref/engine/_native.c) is an optional
extension: built where a C compiler and Python's headers are, skipped with a warning where
they are not (the float passes then run in numba or numpy, the same traces).  Contraction
into fused multiply-adds is turned off so that every product and sum is the one written.

PERCEPTRON_REF_PURE=1 builds a pure-Python wheel (py3-none-any), for installing on another
Python: the wheel the Gradescope and PrairieLearn graders bundle.
"""

import os

from setuptools import Extension, setup

C_LOOPS = Extension(
    "perceptron_ref.engine._native",
    sources=["reference/perceptron_ref/engine/_native.c"],
    # -Wno-psabi: GCC notes that passing a vector of four doubles to an inline function
    # differs between AVX and older machines, which no caller outside this file sees.
    # -ffile-prefix-map: the folder it is built in (a temporary one, for pip) is not written
    # into the debugging information, so the same sources give the same bytes.
    extra_compile_args=["-ffp-contract=off", "-Wno-psabi", f"-ffile-prefix-map={os.getcwd()}=."],
    libraries=["m"],
    optional=True,
)

setup(ext_modules=[] if os.environ.get("PERCEPTRON_REF_PURE") == "1" else [C_LOOPS])
