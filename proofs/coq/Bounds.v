(** * The theorems' bounds, as functions

    Each is the formula of [reference/perceptron_ref/bounds.py] of the same name, which the
    property tests and the abstract proofs use; the theorems about the definitions conclude
    these functions, and [tests/test_coq_extraction.py] evaluates the extracted functions
    against the Python ones on many values, so the two cannot drift apart. *)

From Coq Require Import QArith.
Open Scope Q_scope.

(** Block–Novikoff: R²/γ². *)
Definition perceptron_mistake_bound (R2 gamma : Q) : Q := R2 / (gamma * gamma).

(** Freund–Schapire (Gormley slide 35): ((R + D)/γ)². *)
Definition freund_schapire_bound (R D gamma : Q) : Q :=
  ((R + D) / gamma) * ((R + D) / gamma).

(** Blum, with ‖x‖ ≤ 1 and ‖w*‖ ≤ 1: 1/γ² (and the lower bound's 1/γ²). *)
Definition blum_unit_bound (gamma : Q) : Q := 1 / (gamma * gamma).

(** Winnow for disjunctions (Blum; Littlestone 1988): 2·r·⌈log₂ n⌉ + 1, with ⌈log₂ n⌉ the
    standard library's [Nat.log2_up] (the least L ≥ 0 with 2ᴸ ≥ n). *)
Definition winnow_disjunction_bound (r n : nat) : nat := 2 * r * Nat.log2_up n + 1.
