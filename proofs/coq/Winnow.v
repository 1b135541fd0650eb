(** * Winnow for disjunctions, k-of-r functions and general LTFs (Blum, Lecture 4)

    [spec/algorithms/winnow/disjunction.md], [k-of-r.md] and [ltf.md], as Coq definitions driven by
    the runner of [Perceptron.v]: the same passes, the same ways for a run to end.  An
    example is a point of {0, 1}ⁿ, here a list of booleans (the reference refuses any
    other feature value); the bias is a constant first feature that is on.

    Both start from w = (1, …, 1), predict + iff w·x ≥ n, and on a mistake change the
    weights of the active features (xᵢ = 1) only: disjunctions double them (on a positive)
    or zero them (on a negative); k-of-r functions multiply or divide them by 1 + ε,
    ε = 1/2k, and the LTF learner by 1 + ε for a given ε.  The trace's score is w·x − n, so that + is predicted iff the score is ≥ 0,
    as for every learner of the reference. *)

From Coq Require Import QArith Qreduction List Bool PArith.
From PerceptronRef Require Import Vectors Perceptron.
Import ListNotations.
Open Scope Q_scope.

Definition bvec := list bool.

(** w·x for x ∈ {0, 1}ⁿ: the sum of the active weights. *)
Fixpoint wdot (w : vec) (x : bvec) : Q :=
  match w, x with
  | a :: w', true :: x' => a + wdot w' x'
  | _ :: w', false :: x' => wdot w' x'
  | _, _ => 0
  end.

(** w with f applied to the weights of the active features, the others kept. *)
Fixpoint on_active (f : Q -> Q) (w : vec) (x : bvec) : vec :=
  match w, x with
  | a :: w', b :: x' => (if b then f a else a) :: on_active f w' x'
  | _, _ => []
  end.

(** The initial weights: wᵢ = 1 for all i. *)
Definition ones (n : nat) : vec := repeat 1 n.

Definition Qnat (n : nat) : Q := inject_Z (Z.of_nat n).

(** Winnow's step with threshold n: predict + iff w·x ≥ n; on a mistake on a positive
    [promote] the active weights, on a mistake on a negative [demote] them. *)
Definition winnow_step (promote demote : Q -> Q) (n : nat) (w : vec) (x : bvec)
    (y : label) : outcome :=
  let wx := wdot w x in
  let p := if Qle_bool (Qnat n) wx then pos else neg in
  let m := negb (label_eqb p y) in
  mkoutcome (Qred (wx - Qnat n)) p m
    (if m then match y with
               | pos => on_active promote w x
               | neg => on_active demote w x
               end
     else w).

(** Disjunctions: w_i ← 2w_i (winnow-disjunction.3), w_i ← 0 (winnow-disjunction.4). *)
Definition double (a : Q) : Q := Qred (2 * a).
Definition to_zero (a : Q) : Q := 0.

(** General LTFs ([spec/algorithms/winnow/ltf.md]): the factor 1 + ε for a rational
    ε > 0, w_i ← w_i(1 + ε) (winnow-ltf.3), w_i ← w_i/(1 + ε) (winnow-ltf.4). *)
Definition promote (eps a : Q) : Q := Qred (a * (1 + eps)).
Definition demote (eps a : Q) : Q := Qred (a / (1 + eps)).

(** k-of-r functions: the same with ε = 1/2k (winnow-k-of-r.2–5). *)
Definition epsilon (k : positive) : Q := 1 # (2 * k).

Inductive winnow := disjunction | k_of_r (k : positive) | ltf (eps : Q).

Definition winnow_learner (alg : winnow) (n : nat) : vec -> bvec -> label -> outcome :=
  match alg with
  | disjunction => winnow_step double to_zero n
  | k_of_r k => winnow_step (promote (epsilon k)) (demote (epsilon k)) n
  | ltf eps => winnow_step (promote eps) (demote eps) n
  end.

(** n, the number of features (the bias's included). *)
Definition bdimension (D : list (bvec * label)) : nat :=
  match D with (x, _) :: _ => length x | [] => O end.

Definition run_winnow (alg : winnow) (bias : bool) (epochs : epochs_option) (fuel : nat)
    (D : list (bvec * label)) : trace :=
  let D' := with_bias bias (cons true) D in
  let n := bdimension D' in
  run (winnow_learner alg n) (ones n) epochs fuel D'.
