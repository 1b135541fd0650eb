"""Wrong: it reads the header row as data and crashes."""

import sys

import numpy as np

np.loadtxt(sys.argv[1], delimiter="\t")
