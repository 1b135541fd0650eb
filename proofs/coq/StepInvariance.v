(** * Step invariance, about the definitions: the run with step η is η times the run with
    step 1

    [spec/theorems/perceptron/step-invariance.md], proved here about [run_perceptron]: for
    each of the six perceptrons, with or without the bias, any passes and any fuel, the
    run with η > 0 is the run with η = 1 with every score and every w multiplied by η
    ([perceptron_ref.bounds.step_scaled]), step for step; the predictions, the mistakes, the
    epochs and the way the run ends (the cycle's epochs included) are the same.  The two
    traces are equal as Coq values: the definitions keep every rational in lowest terms.

    Why: every tie rule reads only the sign of the score, and sign(η·s) = sign(s); the
    update w + η·y·x = η·(w₁ + y·x) when w = η·w₁; and η·v = η·w iff v = w, so the cycle test
    sees the same repeats. *)

From Coq Require Import QArith Qreduction Lqa List Lia.
From PerceptronRef Require Import Vectors Perceptron Runs.
Import ListNotations.
Open Scope Q_scope.

(** A step, and a trace, with every score and every w multiplied by η. *)
Definition scale_step (eta : Q) (s : step) : step :=
  mkstep (s_epoch s) (s_index s) (Qred (eta * s_score s)) (s_prediction s) (s_label s)
         (s_mistake s) (vscale eta (s_weights s)).

Definition scale_trace (eta : Q) (t : trace) : trace :=
  mktrace (map (scale_step eta) (t_steps t)) (t_status t) (vscale eta (t_weights t))
          (t_epochs t).

Section Scaled.

Context (rule : tie_rule) (eta : Q) (Heta : 0 < eta).

Lemma predict_scaled s y : predict rule (Qred (eta * s)) y = predict rule s y.
Proof.
  unfold predict; rewrite Qred_compare_0.
  destruct (Qcompare_spec (eta * s) 0) as [H|H|H]; destruct (Qcompare_spec s 0) as [G|G|G];
    try reflexivity; exfalso; nra.
Qed.

Lemma vscale_vscale a b u : vscale a (vscale b u) = map (fun c => Qred (a * (b * c))) u.
Proof.
  unfold vscale; rewrite map_map; apply map_ext; intros c.
  apply Qred_complete; rewrite Qred_correct; reflexivity.
Qed.

Lemma update_scaled w x y :
  vadd (vscale eta w) (vscale (eta * y_of y) x)
  = vscale eta (vadd w (vscale (1 * y_of y) x)).
Proof.
  revert x; induction w as [|a w IH]; intros [|b x]; try reflexivity.
  cbn [vscale map vadd]; unfold vscale in IH; rewrite IH; f_equal.
  apply Qred_complete; rewrite !Qred_correct; ring.
Qed.

Lemma step_scaled w x y :
  perceptron_step rule eta (vscale eta w) x y
  = let o := perceptron_step rule 1 w x y in
    mkoutcome (Qred (eta * o_score o)) (o_prediction o) (o_mistake o)
              (vscale eta (o_weights o)).
Proof.
  unfold perceptron_step; cbn [o_score o_prediction o_mistake o_weights].
  assert (Hs : Qred (dot (vscale eta w) x) = Qred (eta * Qred (dot w x))).
  { apply Qred_complete; rewrite dot_vscale_l, Qred_correct; reflexivity. }
  rewrite Hs, predict_scaled.
  destruct (negb (label_eqb (predict rule (Qred (dot w x)) y) y));
    [rewrite update_scaled|]; reflexivity.
Qed.

Lemma pass_scaled {D : list (vec * label)} e i w :
  pass (perceptron_step rule eta) e i (vscale eta w) D
  = (map (scale_step eta) (fst (pass (perceptron_step rule 1) e i w D)),
     vscale eta (snd (pass (perceptron_step rule 1) e i w D))).
Proof.
  revert i w; induction D as [|[x y] D IH]; intros i w; [reflexivity|].
  cbn [pass]; rewrite step_scaled; cbn [o_score o_prediction o_mistake o_weights].
  rewrite IH.
  destruct (pass (perceptron_step rule 1) e (S i) (o_weights (perceptron_step rule 1 w x y)) D).
  reflexivity.
Qed.

Lemma passes_scaled D n e w :
  passes (perceptron_step rule eta) n e (vscale eta w) D
  = (map (scale_step eta) (fst (passes (perceptron_step rule 1) n e w D)),
     vscale eta (snd (passes (perceptron_step rule 1) n e w D))).
Proof.
  revert e w; induction n as [|n IH]; intros e w; [reflexivity|].
  cbn [passes]; rewrite pass_scaled.
  destruct (pass (perceptron_step rule 1) (S e) 0 w D) as [st w1]; cbn [fst snd].
  rewrite IH; destruct (passes (perceptron_step rule 1) n (S e) w1 D); cbn.
  rewrite map_app; reflexivity.
Qed.

Lemma clean_scaled st : clean (map (scale_step eta) st) = clean st.
Proof.
  unfold clean; induction st as [|s st IH]; [reflexivity|].
  cbn [map forallb]; rewrite IH; reflexivity.
Qed.

Lemma vec_eqb_scaled u v : vec_eqb (vscale eta u) (vscale eta v) = vec_eqb u v.
Proof.
  revert v; induction u as [|a u IH]; intros [|b v]; try reflexivity.
  cbn [vscale map vec_eqb]; unfold vscale in IH; rewrite IH; f_equal.
  destruct (Qeq_bool a b) eqn:E.
  - apply Qeq_bool_iff; apply Qeq_bool_iff in E; rewrite !Qred_correct, E; reflexivity.
  - apply not_true_iff_false; intros H; apply Qeq_bool_iff in H.
    rewrite !Qred_correct in H.
    assert (a == b) by (apply (Qmult_inj_l a b eta); [lra | exact H]).
    apply Qeq_bool_iff in H0; congruence.
Qed.

Definition scale_seen (seen : list (vec * nat)) : list (vec * nat) :=
  map (fun '(v, e) => (vscale eta v, e)) seen.

Lemma seen_at_scaled w seen : seen_at (vscale eta w) (scale_seen seen) = seen_at w seen.
Proof.
  induction seen as [|[v e] seen IH]; [reflexivity|].
  unfold scale_seen in *; cbn [map seen_at]; rewrite vec_eqb_scaled.
  destruct (vec_eqb v w); [reflexivity | exact IH].
Qed.

Lemma converge_scaled D fuel e seen w :
  converge (perceptron_step rule eta) fuel e (scale_seen seen) (vscale eta w) D
  = scale_trace eta (converge (perceptron_step rule 1) fuel e seen w D).
Proof.
  revert e seen w; induction fuel as [|fuel IH]; intros e seen w; [reflexivity|].
  cbn [converge]; rewrite pass_scaled.
  destruct (pass (perceptron_step rule 1) (S e) 0 w D) as [st w1]; cbn [fst snd].
  rewrite clean_scaled; destruct (clean st); [reflexivity|].
  rewrite seen_at_scaled; destruct (seen_at w1 seen); [reflexivity|].
  change ((vscale eta w1, S e) :: scale_seen seen) with (scale_seen ((w1, S e) :: seen)).
  rewrite IH; unfold scale_trace; cbn; rewrite map_app; reflexivity.
Qed.

End Scaled.

Lemma vzero_scaled eta d : vscale eta (vzero d) = vzero d.
Proof.
  induction d as [|d IH]; [reflexivity|].
  cbn [vzero repeat vscale map]; unfold vscale, vzero in IH; rewrite IH.
  f_equal; apply (Qred_complete (eta * 0) 0); ring.
Qed.

(** ** The theorem *)

Theorem step_invariance :
  forall (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)),
  0 < eta ->
  run_perceptron p bias eta epochs fuel D
    = scale_trace eta (run_perceptron p bias 1 epochs fuel D).
Proof.
  intros p bias eta epochs fuel D Heta.
  unfold run_perceptron, run.
  set (D' := with_bias bias augment D); set (d := dimension D').
  destruct (if is_batch p then Converge else epochs) as [n|].
  - rewrite <- (vzero_scaled eta d) at 1; rewrite passes_scaled by exact Heta.
    destruct (passes (perceptron_step (tie_rule_of p) 1) n 0 (vzero d) D'); reflexivity.
  - rewrite <- (vzero_scaled eta d) at 1 2.
    change [(vscale eta (vzero d), 0%nat)] with (scale_seen eta [(vzero d, 0%nat)]).
    apply converge_scaled; exact Heta.
Qed.

(** Hence the same mistakes and the same status for every η > 0. *)
Corollary step_invariance_mistakes :
  forall (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)),
  0 < eta ->
  mistakes (run_perceptron p bias eta epochs fuel D) = mistakes (run_perceptron p bias 1 epochs fuel D)
  /\ t_status (run_perceptron p bias eta epochs fuel D) = t_status (run_perceptron p bias 1 epochs fuel D).
Proof.
  intros p bias eta epochs fuel D Heta; rewrite (step_invariance p bias eta epochs fuel D Heta).
  split; [|reflexivity].
  unfold mistakes, scale_trace; cbn [t_steps].
  induction (t_steps (run_perceptron p bias 1 epochs fuel D)) as [|s st IH]; cbn; [reflexivity|].
  destruct (s_mistake s); cbn; rewrite IH; reflexivity.
Qed.
