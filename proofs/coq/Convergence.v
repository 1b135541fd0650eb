(** * Convergence, about the definitions: with enough passes a run ends [converged]

    On data separable with margin γ (every example y·⟨w*, x⟩ ≥ γ > 0 and ‖x‖² ≤ R²), a run
    to convergence of any of the six perceptrons — Press's do … while, Gormley's batch
    "while not converged", or an online perceptron with [epochs = converge] — whose cap on
    passes (the fuel, the reference's [max_epochs]) exceeds R²‖w*‖²/γ² ends [converged], and
    its final w classifies every example as the algorithm's own tie rule reads it: the
    prediction at ⟨w, x⟩ is the label.

    Why: a pass that is not clean makes a mistake, and a run makes at most R²‖w*‖²/γ²
    ([Novikoff.mistake_bound]), so the fuel cannot run out; and the run cannot be reported
    [cycled], because every mistake increases ⟨w, w*⟩ by at least ηγ > 0, so w at the end of
    a pass that was not clean differs from w at the end of every earlier pass. *)

From Coq Require Import QArith Qreduction Lqa List Lia.
From PerceptronRef Require Import Vectors Perceptron Runs Novikoff.
Import ListNotations.
Open Scope Q_scope.

Lemma seen_at_in w seen e :
  seen_at w seen = Some e -> exists v, In (v, e) seen /\ vec_eqb v w = true.
Proof.
  induction seen as [|[v e'] seen IH]; simpl; [discriminate|].
  destruct (vec_eqb v w) eqn:E.
  - intros H; inversion H; subst; exists v; auto.
  - intros H; destruct (IH H) as [v' [Hin Heq]]; exists v'; auto.
Qed.

Lemma converge_not_online {X} (learn : vec -> X -> label -> outcome) fuel e seen w D :
  t_status (converge learn fuel e seen w D) <> online.
Proof.
  revert e seen w; induction fuel as [|fuel IH]; intros e seen w; simpl; [discriminate|].
  destruct (pass learn (S e) 0 w D) as [st w1].
  destruct (clean st); [discriminate|].
  destruct (seen_at w1 seen); [discriminate|]; apply IH.
Qed.

(** The perceptron's step changes w only on a mistake. *)
Lemma perceptron_keeps rule eta w x y :
  o_mistake (perceptron_step rule eta w x y) = false ->
  o_weights (perceptron_step rule eta w x y) = w.
Proof. unfold perceptron_step; cbn; intros H; rewrite H; reflexivity. Qed.

(** The prediction reads only the sign of the score. *)
Lemma predict_Qred rule s y : predict rule (Qred s) y = predict rule s y.
Proof.
  unfold predict; rewrite Qred_compare_0; reflexivity.
Qed.

Section Progress.

Context (rule : tie_rule) (eta gamma R2 : Q) (wstar : vec) (D : list (vec * label)).
Context (Heta : 0 < eta) (Hgamma : 0 < gamma).
Context (HD : forall x y, In (x, y) D ->
  length x = length wstar /\ gamma <= y_of y * dot wstar x /\ dot x x <= R2).

(** From w0, after k mistakes: ⟨w, w*⟩ ≥ ⟨w0, w*⟩ + kηγ. *)
Definition progress (w0 : vec) (k : nat) (w : vec) : Prop :=
  length w = length wstar /\ dot w0 wstar + Qk k * eta * gamma <= dot w wstar.

Lemma progress_step w0 k w x y :
  In (x, y) D -> progress w0 k w ->
  progress w0 (if o_mistake (perceptron_step rule eta w x y) then S k else k)
              (o_weights (perceptron_step rule eta w x y)).
Proof.
  intros Hin [Hlen Hup]; destruct (HD x y Hin) as [Hx [Hmargin _]].
  unfold perceptron_step; cbn [o_mistake o_weights].
  destruct (negb (label_eqb (predict rule (Qred (dot w x)) y) y)); [|split; assumption].
  assert (Hv : length w = length (vscale (eta * y_of y) x))
    by (rewrite vscale_length; congruence).
  split.
  - rewrite vadd_length, vscale_length; lia.
  - rewrite dot_vadd_l by exact Hv; rewrite dot_vscale_l, (dot_comm x wstar), Qk_S.
    assert (eta * gamma <= eta * (y_of y * dot wstar x))
      by (apply Qmult_le_compat_l; [exact Hmargin | lra]).
    lra.
Qed.

Lemma pass_progress e w :
  length w = length wstar ->
  length (snd (pass (perceptron_step rule eta) e 0 w D)) = length wstar /\
  dot w wstar + Qk (count (fst (pass (perceptron_step rule eta) e 0 w D))) * eta * gamma
    <= dot (snd (pass (perceptron_step rule eta) e 0 w D)) wstar.
Proof.
  intros Hlen.
  pose proof (pass_inv (perceptron_step rule eta) D (progress w) (progress_step w) D e 0 w 0
                (incl_refl D)) as H.
  simpl in H; apply H; split; [exact Hlen | change (Qk 0) with 0; lra].
Qed.

(** No w at the end of a pass repeats an earlier one: the run never ends [cycled]. *)
Lemma converge_never_cycles fuel e seen w :
  length w = length wstar ->
  (forall v e', In (v, e') seen -> dot v wstar <= dot w wstar) ->
  forall e1 e2, t_status (converge (perceptron_step rule eta) fuel e seen w D) <> cycled e1 e2.
Proof.
  revert e seen w; induction fuel as [|fuel IH]; intros e seen w Hlen Hseen e1 e2;
    simpl; [discriminate|].
  pose proof (pass_progress (S e) w Hlen) as [Hlen1 Hprog].
  destruct (pass (perceptron_step rule eta) (S e) 0 w D) as [st w1]; simpl in *.
  destruct (clean st) eqn:Ec; [discriminate|].
  pose proof (not_clean_count st Ec) as Hc.
  assert (Hgrow : dot w wstar < dot w1 wstar).
  { assert (1 <= Qk (count st)) by (apply Qk_pos; lia).
    assert (eta * gamma <= Qk (count st) * eta * gamma).
    { setoid_replace (Qk (count st) * eta * gamma) with (Qk (count st) * (eta * gamma)) by ring.
      setoid_replace (eta * gamma) with (1 * (eta * gamma)) at 1 by ring.
      apply Qmult_le_compat_r; [assumption | apply Qmult_le_0_compat; lra]. }
    assert (0 < eta * gamma) by (apply Qmult_lt_0_compat; assumption).
    lra. }
  destruct (seen_at w1 seen) as [e0|] eqn:Es.
  - exfalso; destruct (seen_at_in w1 seen e0 Es) as [v [Hin Heq]].
    pose proof (vec_eqb_dot v w1 wstar Heq) as Hdot.
    pose proof (Hseen v e0 Hin); lra.
  - simpl; apply IH; [exact Hlen1|].
    intros v e' [Hv|Hin]; [inversion Hv; subst; lra|].
    pose proof (Hseen v e' Hin); lra.
Qed.

End Progress.

(** ** The theorem *)

Theorem converges :
  forall (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)) (wstar : vec) (gamma R2 : Q),
  D <> [] -> 0 < eta -> 0 < gamma ->
  (forall x y, In (x, y) D ->
     let x' := if bias then augment x else x in
     length x' = length wstar /\ gamma <= y_of y * dot wstar x' /\ dot x' x' <= R2) ->
  (is_batch p = true \/ epochs = Converge) ->
  R2 * dot wstar wstar < Qk fuel * (gamma * gamma) ->
  t_status (run_perceptron p bias eta epochs fuel D) = converged /\
  forall x y, In (x, y) D ->
    let x' := if bias then augment x else x in
    predict (tie_rule_of p) (dot (t_weights (run_perceptron p bias eta epochs fuel D)) x') y = y.
Proof.
  intros p bias eta epochs fuel D wstar gamma R2 Hne Heta Hgamma HD Hconv Hfuel.
  pose proof (mistake_bound p bias eta epochs fuel D wstar gamma R2 Hne Heta Hgamma HD) as Hk.
  set (D' := with_bias bias augment D).
  assert (HD' : forall x y, In (x, y) D' ->
    length x = length wstar /\ gamma <= y_of y * dot wstar x /\ dot x x <= R2).
  { intros x y Hin; destruct (in_with_bias bias augment D x y Hin) as [x0 [H0 E]].
    subst x; exact (HD x0 y H0). }
  assert (Hdim : dimension D' = length wstar).
  { destruct D as [|[x0 y0] D0]; [contradiction|].
    assert (Hfirst : In (if bias then augment x0 else x0, y0) D')
      by (unfold D', with_bias; destruct bias; left; reflexivity).
    destruct (HD' _ _ Hfirst) as [Hlen0 _].
    unfold D', with_bias, dimension; destruct bias; exact Hlen0. }
  assert (Hrun : run_perceptron p bias eta epochs fuel D =
    converge (perceptron_step (tie_rule_of p) eta) fuel 0 [(vzero (dimension D'), 0%nat)]
      (vzero (dimension D')) D').
  { unfold run_perceptron; fold D'.
    destruct Hconv as [Hb|He]; [rewrite Hb | rewrite He; destruct (is_batch p)]; reflexivity. }
  rewrite Hrun in Hk |- *.
  set (t := converge (perceptron_step (tie_rule_of p) eta) fuel 0
              [(vzero (dimension D'), 0%nat)] (vzero (dimension D')) D') in *.
  assert (Hstatus : t_status t = converged).
  { destruct (t_status t) as [| |e1 e2|] eqn:Es.
    - exfalso; exact (converge_not_online _ _ _ _ _ _ Es).
    - reflexivity.
    - exfalso; refine (converge_never_cycles (tie_rule_of p) eta gamma R2 wstar D' Heta Hgamma
                         HD' fuel 0 _ _ _ _ e1 e2 Es).
      + rewrite Hdim; apply vzero_length.
      + intros v e' [Hv|[]]; inversion Hv; subst; lra.
    - exfalso; pose proof (converge_max_epochs _ _ fuel 0 _ _ Es) as Hm.
      apply Qk_le in Hm.
      assert (Qk fuel * (gamma * gamma) <= Qk (count (t_steps t)) * (gamma * gamma))
        by (apply Qmult_le_compat_r; [exact Hm | apply sq_nonneg]).
      unfold mistakes in Hk; fold (count (t_steps t)) in Hk; lra. }
  split; [exact Hstatus|].
  intros x y Hin x'.
  assert (Hin' : In (x', y) D')
    by (unfold D', with_bias, x'; destruct bias; [apply (in_map (fun '(x, y) => (augment x, y)) D (x, y)) |]; exact Hin).
  assert (Hm : o_mistake (perceptron_step (tie_rule_of p) eta (t_weights t) x' y) = false)
    by exact (converge_converged _ _ (perceptron_keeps (tie_rule_of p) eta) fuel 0 _ _
                Hstatus x' y Hin').
  revert Hm; generalize (t_weights t) as w; intros w Hm.
  unfold perceptron_step in Hm; cbn [o_mistake] in Hm.
  rewrite predict_Qred in Hm.
  destruct (predict (tie_rule_of p) (dot w x') y), y; cbn in Hm;
    try discriminate; reflexivity.
Qed.

(** Press's do … while ends (and so does Gormley's "while not converged"): for every cap on
    passes past R²‖w*‖²/γ², the PLA returns [converged]. *)
Corollary press_loop_ends :
  forall (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)) (wstar : vec) (gamma R2 : Q),
  D <> [] -> 0 < eta -> 0 < gamma ->
  (forall x y, In (x, y) D ->
     let x' := if bias then augment x else x in
     length x' = length wstar /\ gamma <= y_of y * dot wstar x' /\ dot x' x' <= R2) ->
  R2 * dot wstar wstar < Qk fuel * (gamma * gamma) ->
  t_status (run_perceptron press bias eta epochs fuel D) = converged.
Proof.
  intros; apply (converges press bias eta epochs fuel D wstar gamma R2); auto.
Qed.
