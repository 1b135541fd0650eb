(** * Extraction: the definitions of [Perceptron.v] and [Winnow.v] as an OCaml program

    [make extract] compiles this file, which writes [perceptron_ref_coq.ml] (and its
    interface) into the build folder; [main.ml], the only hand-written OCaml, reads runs
    from standard input, calls the extracted [run_perceptron] or [run_winnow] and prints
    their traces.  Integers are extracted as the standard library defines them (binary
    [positive] and [Z], no machine integers, no floats): the program computes with exactly
    the functions the theorems are about.  Numbers cross the boundary as decimal digits,
    converted by the standard library's own [Z.of_int] and [Z.to_int].  The bounds of
    [Bounds.v] are extracted too, to be compared with [perceptron_ref.bounds]. *)

From Coq Require Import Extraction ExtrOcamlBasic QArith.
From PerceptronRef Require Import Vectors Perceptron Winnow Bounds.

Extraction Language OCaml.

Extraction "perceptron_ref_coq" run_perceptron run_winnow perceptron_mistake_bound freund_schapire_bound
  blum_unit_bound blum_hinge_bound winnow_disjunction_bound winnow_k_of_r_bound Qred
  Z.of_int Z.to_int Z.to_pos.
