(** * The six perceptrons of the notes, and the runner that drives them

    This file is the algorithms as Coq definitions: the theorems of the other files are
    about these functions, and [Extract.v] turns them into the OCaml program that the test
    suite runs against the Python reference, step for step
    ([tests/test_coq_extraction.py]).

    The six perceptrons of [spec/algorithms/perceptron/] differ in one thing only: what a
    zero score ⟨w, x⟩ = 0 means (the "tie rule").  Each is [perceptron_step] with its rule
    ([tie_rule_of] below maps every ID to its rule, and the lemmas at the end show that it
    is the rule as each note writes it: [AsWritten.v]).  The batch algorithms (Gormley's batch algorithm,
    Press's PLA) always run until a clean pass; the online ones make a given number of
    passes or run until a clean pass, as the runner of the reference does
    ([reference/perceptron_ref/literal.py]).

    The reference's one departure from a note is kept: the update is w ← w + η·y·x with a
    step η > 0 (the notes' is η = 1).  Every number is an exact rational in lowest terms. *)

From Coq Require Import QArith Qreduction List Bool.
From PerceptronRef Require Import Vectors.
Import ListNotations.
Open Scope Q_scope.

(** ** Labels and the tie rules *)

Inductive label := pos | neg.

(** y as a number: +1 or −1. *)
Definition y_of (y : label) : Q := match y with pos => 1 | neg => -1 end.

Definition label_eqb (a b : label) : bool :=
  match a, b with pos, pos | neg, neg => true | _, _ => false end.

Definition opposite (y : label) : label := match y with pos => neg | neg => pos end.

(** What a zero score means:
    - [tie_negative]: Blum's "use w·x > 0": s = 0 predicts −;
    - [tie_positive]: Mehta's sgn(0) = +1, Gormley's sign (slide 18), Press's "yes if
      w • x ≥ 0": s = 0 predicts +;
    - [tie_mistake]: Gormley's online test y(θ·x) ≤ 0 and SSBD's 0-1 loss 1[y⟨w, x⟩ ≤ 0]:
      s = 0 is a mistake whatever the label.  These algorithms make no prediction of their
      own; the trace reports −y at s = 0, so that a step is a mistake exactly when the
      prediction differs from the label (the reference does the same). *)
Inductive tie_rule := tie_negative | tie_positive | tie_mistake.

Definition predict (rule : tie_rule) (s : Q) (y : label) : label :=
  match s ?= 0 with
  | Gt => pos
  | Lt => neg
  | Eq => match rule with
          | tie_negative => neg
          | tie_positive => pos
          | tie_mistake => opposite y
          end
  end.

(** ** One step *)

(** What a learner does with one example: its score, its prediction, whether it erred,
    and w after the example. *)
Record outcome := mkoutcome {
  o_score : Q; o_prediction : label; o_mistake : bool; o_weights : vec }.

(** The perceptron's step, for every note: score s = ⟨w, x⟩, the prediction by the tie
    rule, and on a mistake w ← w + η·y·x (blum.3/4, mehta.8, gormley-online.4,
    gormley-batch.6, press.6, ssbd.7). *)
Definition perceptron_step (rule : tie_rule) (eta : Q) (w x : vec) (y : label) : outcome :=
  let s := Qred (dot w x) in
  let p := predict rule s y in
  let m := negb (label_eqb p y) in
  mkoutcome s p m (if m then vadd w (vscale (eta * y_of y) x) else w).

(** ** The runner: passes over the data, and how a run ends *)

(** One step of the trace, as the reference's [Step]: epoch (from 1), index (from 0),
    score, prediction, label, mistake, and w after the step. *)
Record step := mkstep {
  s_epoch : nat; s_index : nat; s_score : Q; s_prediction : label; s_label : label;
  s_mistake : bool; s_weights : vec }.

(** How a run ended (the reference's [Status]): the passes asked for were made
    ([online]); a pass made no mistake ([converged]); w at the end of pass e₂ equals w at
    the end of pass e₁ < e₂, epoch 0 standing for the initial w, so that the passes after
    e₁ would repeat for ever ([cycled e₁ e₂]); or the cap on passes was reached
    ([max_epochs]). *)
Inductive status := online | converged | cycled (e1 e2 : nat) | max_epochs.

Record trace := mktrace {
  t_steps : list step; t_status : status; t_weights : vec; t_epochs : nat }.

(** The mistakes of a run (the reference's [k]). *)
Definition mistakes (t : trace) : nat := length (filter s_mistake (t_steps t)).

Section Runner.

(** A learner: its step on an example of type [X] (a rational vector for the perceptrons,
    a 0/1 vector for Winnow). *)
Context {X : Type} (learn : vec -> X -> label -> outcome).

(** One pass over the data D, in order, from w; epoch e, indices from i.  Returns the steps
    and w at the end of the pass. *)
Fixpoint pass (e i : nat) (w : vec) (D : list (X * label)) : list step * vec :=
  match D with
  | [] => ([], w)
  | (x, y) :: D' =>
      let o := learn w x y in
      let (rest, w_end) := pass e (S i) (o_weights o) D' in
      (mkstep e i (o_score o) (o_prediction o) y (o_mistake o) (o_weights o) :: rest, w_end)
  end.

(** n passes, the first with epoch e + 1: an online run with [epochs = n]. *)
Fixpoint passes (n e : nat) (w : vec) (D : list (X * label)) : list step * vec :=
  match n with
  | O => ([], w)
  | S n' =>
      let (st, w1) := pass (S e) 0 w D in
      let (rest, w_end) := passes n' (S e) w1 D in
      (st ++ rest, w_end)
  end.

Definition clean (st : list step) : bool := forallb (fun s => negb (s_mistake s)) st.

(** The epoch at whose end w was seen, if it was. *)
Fixpoint seen_at (w : vec) (seen : list (vec * nat)) : option nat :=
  match seen with
  | [] => None
  | (v, e) :: seen' => if vec_eqb v w then Some e else seen_at w seen'
  end.

(** Passes until one is clean (Gormley's "while not converged", Press's do … while), at
    most [fuel] of them; after e passes, with the epoch-end weights [seen].  At the end of
    a pass, in this order: a clean pass ends the run [converged]; w seen at the end of an
    earlier pass ends it [cycled]; the last pass the fuel allows ends it [max_epochs]. *)
Fixpoint converge (fuel e : nat) (seen : list (vec * nat)) (w : vec)
    (D : list (X * label)) : trace :=
  match fuel with
  | O => mktrace [] max_epochs w e
  | S fuel' =>
      let (st, w1) := pass (S e) 0 w D in
      if clean st then mktrace st converged w1 (S e)
      else match seen_at w1 seen with
           | Some e0 => mktrace st (cycled e0 (S e)) w1 (S e)
           | None =>
               let t := converge fuel' (S e) ((w1, S e) :: seen) w1 D in
               mktrace (st ++ t_steps t) (t_status t) (t_weights t) (t_epochs t)
           end
  end.

End Runner.

(** The number of passes of an online run: a number, or until a clean pass. *)
Inductive epochs_option := Passes (n : nat) | Converge.

(** A run from [start]: n passes, or passes until a clean one with at most [fuel] of them
    (the reference's [max_epochs]; where the reference has no cap, the extracted program
    passes a fuel so large that the cap is never what ends a run of the test suite). *)
Definition run {X} (learn : vec -> X -> label -> outcome) (start : vec)
    (epochs : epochs_option) (fuel : nat) (D : list (X * label)) : trace :=
  match epochs with
  | Passes n => let (st, w) := passes learn n 0 start D in mktrace st online w n
  | Converge => converge learn fuel 0 [(start, 0%nat)] start D
  end.

(** The bias (Gormley slide 16): a constant first coordinate, 1 for rational vectors. *)
Definition with_bias {X} (bias : bool) (one : X -> X) (D : list (X * label))
    : list (X * label) :=
  if bias then map (fun '(x, y) => (one x, y)) D else D.

Definition augment (x : vec) : vec := 1 :: x.

(** The dimension d of the data: the length of the first example. *)
Definition dimension (D : list (vec * label)) : nat :=
  match D with (x, _) :: _ => length x | [] => O end.

(** ** The six perceptrons *)

Inductive perceptron := blum | mehta | gormley_online | gormley_batch | press | ssbd.

Definition tie_rule_of (p : perceptron) : tie_rule :=
  match p with
  | blum => tie_negative
  | mehta | gormley_batch | press => tie_positive
  | gormley_online | ssbd => tie_mistake
  end.

(** Batch algorithms loop until a clean pass whatever [epochs] says (the reference
    refuses an [epochs] for them). *)
Definition is_batch (p : perceptron) : bool :=
  match p with gormley_batch | press => true | _ => false end.

Definition run_perceptron (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option)
    (fuel : nat) (D : list (vec * label)) : trace :=
  let D' := with_bias bias augment D in
  run (perceptron_step (tie_rule_of p) eta) (vzero (dimension D'))
      (if is_batch p then Converge else epochs) fuel D'.
