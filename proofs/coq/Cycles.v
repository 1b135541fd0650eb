(** * The cycle verdict, about the definitions: a run reported [cycled] would never converge

    A run to convergence stops with [cycled e₁ e₂] when w at the end of pass e₂ equals w at
    the end of pass e₁ < e₂ (epoch 0: the initial w).  The verdict is proved right here:
    the algorithm as the notes write it — Press's do … while, Gormley's "while not
    converged", passes until a clean one with no cycle test ([do_while]) — never ends
    [converged], however many passes it is allowed.  The passes depend only on w at their
    start, so after e₁ they repeat with period e₂ − e₁, and none of them is clean. *)

From Coq Require Import QArith Qreduction List Lia.
From PerceptronRef Require Import Vectors Perceptron Runs Convergence.
Import ListNotations.

(** The notes' loop: passes until a clean one, no cycle test, at most [fuel] passes.  It
    ends [converged] or, when the fuel runs out, [max_epochs]. *)
Fixpoint do_while {X} (learn : vec -> X -> label -> outcome) (fuel e : nat) (w : vec)
    (D : list (X * label)) : status :=
  match fuel with
  | O => max_epochs
  | S fuel' =>
      let (st, w1) := pass learn (S e) 0 w D in
      if clean st then converged else do_while learn fuel' (S e) w1 D
  end.

Section Periodic.

Context {X : Type} (learn : vec -> X -> label -> outcome) (D : list (X * label)).

(** The pass's end weights and cleanness do not depend on its epoch and first index. *)
Lemma pass_label_free e e' i i' w :
  snd (pass learn e i w D) = snd (pass learn e' i' w D) /\
  clean (fst (pass learn e i w D)) = clean (fst (pass learn e' i' w D)).
Proof.
  revert i i' w; induction D as [|[x y] D' IH]; intros i i' w; [split; reflexivity|].
  cbn [pass].
  destruct (IH (S i) (S i') (o_weights (learn w x y))) as [H1 H2].
  destruct (pass learn e (S i) _ D') as [r1 w1], (pass learn e' (S i') _ D') as [r2 w2].
  cbn in *; split; [exact H1 | rewrite H2; reflexivity].
Qed.

Definition next (w : vec) : vec := snd (pass learn 1 0 w D).
Definition clean_from (w : vec) : bool := clean (fst (pass learn 1 0 w D)).

(** w at the end of pass e. *)
Fixpoint W (start : vec) (e : nat) : vec :=
  match e with O => start | S e' => next (W start e') end.

Lemma do_while_never start fuel e :
  (forall e', clean_from (W start e') = false) ->
  do_while learn fuel e (W start e) D = max_epochs.
Proof.
  intros Hc; revert e; induction fuel as [|fuel IH]; intros e; [reflexivity|].
  cbn [do_while].
  destruct (pass_label_free (S e) 1 0 0 (W start e)) as [Hw Hcl].
  destruct (pass learn (S e) 0 (W start e) D) as [st w1] eqn:E.
  cbn [fst snd] in Hw, Hcl; rewrite Hcl; fold (clean_from (W start e)); rewrite Hc.
  replace w1 with (W start (S e)) by (cbn; unfold next; rewrite <- Hw; reflexivity).
  apply IH.
Qed.

(** If w repeats, W (e₁ + m) = W (e₂ + m) for all m, and no pass is ever clean. *)
Lemma periodic start e1 e2 :
  (e1 < e2)%nat -> W start e1 = W start e2 ->
  (forall e, (e < e2)%nat -> clean_from (W start e) = false) ->
  forall e, clean_from (W start e) = false.
Proof.
  intros H12 Heq Hbefore.
  assert (Hshift : forall m, W start (e1 + m) = W start (e2 + m)).
  { induction m as [|m IH]; [rewrite !Nat.add_0_r; exact Heq|].
    rewrite !Nat.add_succ_r; cbn [W]; rewrite IH; reflexivity. }
  intros e; induction e as [e IH] using lt_wf_ind.
  destruct (Nat.lt_ge_cases e e2) as [Hlt|Hge]; [exact (Hbefore e Hlt)|].
  replace e with (e2 + (e - e2))%nat by lia.
  rewrite <- Hshift; apply IH; lia.
Qed.

End Periodic.

(** The checked run, to the verdict: if it ends [cycled e₁ e₂], then e₁ < e₂, w repeats, and
    no pass before e₂ was clean. *)
Lemma converge_cycled {X} (learn : vec -> X -> label -> outcome) D start
    (Hred : forall e, reduced (W learn D start e)) fuel e seen :
  (forall v e', In (v, e') seen -> (e' <= e)%nat /\ v = W learn D start e') ->
  (forall e', (e' < e)%nat -> clean_from learn D (W learn D start e') = false) ->
  forall e1 e2, t_status (converge learn fuel e seen (W learn D start e) D) = cycled e1 e2 ->
  (e1 < e2)%nat /\ W learn D start e1 = W learn D start e2 /\
  (forall e', (e' < e2)%nat -> clean_from learn D (W learn D start e') = false).
Proof.
  revert e seen; induction fuel as [|fuel IH]; intros e seen Hseen Hclean e1 e2; [discriminate|].
  cbn [converge].
  destruct (pass_label_free learn D (S e) 1 0 0 (W learn D start e)) as [Hw Hcl].
  destruct (pass learn (S e) 0 (W learn D start e) D) as [st w1] eqn:E.
  cbn [fst snd] in Hw, Hcl.
  assert (Hw1 : w1 = W learn D start (S e)) by (cbn; unfold next; rewrite <- Hw; reflexivity).
  destruct (clean st) eqn:Ec; [discriminate|].
  assert (Hnot : clean_from learn D (W learn D start e) = false)
    by (unfold clean_from; rewrite <- Hcl; reflexivity).
  assert (Hclean' : forall e', (e' < S e)%nat -> clean_from learn D (W learn D start e') = false).
  { intros e' He'; destruct (Nat.eq_dec e' e) as [->|]; [exact Hnot | apply Hclean; lia]. }
  destruct (seen_at w1 seen) as [e0|] eqn:Es.
  - cbn; intros H; inversion H; subst e1 e2.
    destruct (seen_at_in w1 seen e0 Es) as [v [Hin Heq]].
    destruct (Hseen v e0 Hin) as [Hle Hv]; subst v.
    split; [lia|]; split; [|exact Hclean'].
    rewrite <- Hw1; apply vec_eqb_reduced; [apply Hred | rewrite Hw1; apply Hred | exact Heq].
  - cbn [t_status]; rewrite Hw1; apply IH.
    + intros v e' [Hv|Hin]; [inversion Hv; subst; split; [lia | reflexivity]|].
      destruct (Hseen v e' Hin); split; [lia | assumption].
    + exact Hclean'.
Qed.

(** Every w a perceptron's run reaches is in lowest terms. *)
Lemma pass_reduced rule eta D ep i w :
  reduced w -> reduced (snd (pass (perceptron_step rule eta) ep i w D)).
Proof.
  revert i w; induction D as [|[x y] D' IHD]; intros i w Hw; [exact Hw|].
  cbn [pass].
  assert (Hstep : reduced (o_weights (perceptron_step rule eta w x y))).
  { unfold perceptron_step; cbn [o_weights]; destruct (negb _); [apply vadd_reduced | exact Hw]. }
  specialize (IHD (S i) _ Hstep).
  destruct (pass (perceptron_step rule eta) ep (S i) _ D'); exact IHD.
Qed.

Lemma perceptron_reduced rule eta D start :
  reduced start -> forall e, reduced (W (perceptron_step rule eta) D start e).
Proof.
  intros H0 e; induction e as [|e IH]; [exact H0|].
  cbn [W]; unfold next; apply pass_reduced, IH.
Qed.

(** ** The theorem *)

Theorem cycle_verdict :
  forall (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)) (e1 e2 : nat),
  t_status (run_perceptron p bias eta epochs fuel D) = cycled e1 e2 ->
  (e1 < e2)%nat /\
  forall fuel' : nat,
  do_while (perceptron_step (tie_rule_of p) eta) fuel' 0
    (vzero (dimension (with_bias bias augment D))) (with_bias bias augment D) = max_epochs.
Proof.
  intros p bias eta epochs fuel D e1 e2 H.
  set (D' := with_bias bias augment D) in *; set (start := vzero (dimension D')) in *.
  set (learn := perceptron_step (tie_rule_of p) eta).
  assert (Hrun : t_status (converge learn fuel 0 [(start, 0%nat)] start D') = cycled e1 e2).
  { unfold run_perceptron, run in H; fold D' start learn in H.
    destruct (if is_batch p then Converge else epochs); [|exact H].
    destruct (passes _ _ _ _ _); discriminate. }
  assert (Hred : forall e, reduced (W learn D' start e))
    by (apply perceptron_reduced, vzero_reduced).
  change start with (W learn D' start 0) in Hrun at 2.
  destruct (converge_cycled learn D' start Hred fuel 0 [(start, 0%nat)]
              ltac:(intros v e' [Hv|[]]; inversion Hv; subst; split; reflexivity)
              ltac:(intros e' He'; lia) e1 e2 Hrun) as [H12 [Heq Hbefore]].
  split; [exact H12|].
  intros fuel'; change start with (W learn D' start 0).
  apply do_while_never, (periodic learn D' start e1 e2 H12 Heq Hbefore).
Qed.

(** The notes' loop is the checked run without its cycle test: where the checked run ends
    [converged], so does [do_while] with the same cap. *)
Lemma converge_do_while {X} (learn : vec -> X -> label -> outcome) D fuel e seen w :
  t_status (converge learn fuel e seen w D) = converged -> do_while learn fuel e w D = converged.
Proof.
  revert e seen w; induction fuel as [|fuel IH]; intros e seen w; [discriminate|].
  cbn [converge do_while]; destruct (pass learn (S e) 0 w D) as [st w1].
  destruct (clean st); [reflexivity|].
  destruct (seen_at w1 seen); [discriminate|]; apply IH.
Qed.

Theorem checked_run_agrees :
  forall (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)),
  (is_batch p = true \/ epochs = Converge) ->
  t_status (run_perceptron p bias eta epochs fuel D) = converged ->
  do_while (perceptron_step (tie_rule_of p) eta) fuel 0
    (vzero (dimension (with_bias bias augment D))) (with_bias bias augment D) = converged.
Proof.
  intros p bias eta epochs fuel D Hconv H.
  unfold run_perceptron, run in H.
  assert (E : (if is_batch p then Converge else epochs) = Converge)
    by (destruct Hconv as [Hb|He]; [rewrite Hb | rewrite He; destruct (is_batch p)]; reflexivity).
  rewrite E in H; exact (converge_do_while _ _ _ _ _ _ H).
Qed.
