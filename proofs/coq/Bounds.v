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

(** Winnow for k-of-r functions (Blum; Littlestone 1988), with ε = 1/2k and L a whole number
    with (1 + ε)ᴸ ≥ n ([perceptron_ref.bounds] takes the least, ⌈log_{1+ε} n⌉): on positives
    M₊ ≤ (2k/(k+1))·(rL + (k−1)(2k+1)), in all M ≤ M₊ + (1+ε)/ε + (1+ε)·M₊. *)
Definition winnow_k_of_r_positive_bound (r k L : Q) : Q :=
  (2 * k / (k + 1)) * (r * L + (k - 1) * (2 * k + 1)).

Definition winnow_k_of_r_bound (r k L : Q) : Q :=
  let eps := 1 / (2 * k) in
  let Mp := winnow_k_of_r_positive_bound r k L in
  Mp + (1 + eps) / eps + (1 + eps) * Mp.

(** Blum's "What if no perfect separator?": 1/γ² + 2·L, L the γ-hinge loss of w*. *)
Definition blum_hinge_bound (gamma hinge_loss : Q) : Q := 1 / (gamma * gamma) + 2 * hinge_loss.
