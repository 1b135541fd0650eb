(** * Each note's own test, as it writes it

    [Perceptron.v] defines the six perceptrons as one step with the tie rule as a parameter
    ([tie_rule_of] maps each ID to its rule).  Here each note's prediction or mistake test,
    as the note writes it (the spec's line cited), is shown to be what that definition
    computes: a reader can hold the definition against the notes. *)

From Coq Require Import QArith Qreduction Lqa List.
From PerceptronRef Require Import Vectors Perceptron.
Open Scope Q_scope.

(** Blum (blum.2): predict + iff w·x > 0. *)
Lemma blum_predicts_as_written s y :
  predict (tie_rule_of blum) s y = if Qlt_le_dec 0 s then pos else neg.
Proof.
  unfold predict; cbn [tie_rule_of].
  destruct (Qcompare_spec s 0) as [H|H|H]; destruct (Qlt_le_dec 0 s); auto; lra.
Qed.

(** Mehta (mehta.5) and Gormley's batch algorithm (gormley-batch.4): sgn(z) = +1 iff z ≥ 0. *)
Lemma mehta_predicts_as_written s y :
  predict (tie_rule_of mehta) s y = if Qlt_le_dec s 0 then neg else pos.
Proof.
  unfold predict; cbn [tie_rule_of].
  destruct (Qcompare_spec s 0) as [H|H|H]; destruct (Qlt_le_dec s 0); auto; lra.
Qed.

Lemma gormley_batch_predicts_as_written s y :
  predict (tie_rule_of gormley_batch) s y = if Qlt_le_dec s 0 then neg else pos.
Proof. exact (mehta_predicts_as_written s y). Qed.

(** Press (press.5): a mistake iff (y = −1 and w • x ≥ 0) or (y = 1 and w • x < 0). *)
Lemma press_mistake_as_written s y :
  negb (label_eqb (predict (tie_rule_of press) s y) y) = true <->
  (y = neg /\ 0 <= s) \/ (y = pos /\ s < 0).
Proof.
  unfold predict; cbn [tie_rule_of].
  destruct (Qcompare_spec s 0) as [H|H|H]; destruct y; cbn;
    split; intros Hm; try discriminate; try reflexivity;
    try (destruct Hm as [[Hy Hs]|[Hy Hs]]; try discriminate; lra);
    first [left; split; [reflexivity | lra] | right; split; [reflexivity | lra]].
Qed.

(** Gormley's online algorithm (gormley-online.3) and SSBD (ssbd.4): a mistake iff
    y·s ≤ 0. *)
Lemma tie_mistake_as_written s y :
  negb (label_eqb (predict tie_mistake s y) y) = true <-> y_of y * s <= 0.
Proof.
  unfold predict.
  destruct (Qcompare_spec s 0) as [H|H|H]; destruct y; cbn;
    split; intros Hm; try discriminate; try reflexivity; lra.
Qed.

Lemma gormley_online_mistake_as_written s y :
  negb (label_eqb (predict (tie_rule_of gormley_online) s y) y) = true <-> y_of y * s <= 0.
Proof. exact (tie_mistake_as_written s y). Qed.

Lemma ssbd_mistake_as_written s y :
  negb (label_eqb (predict (tie_rule_of ssbd) s y) y) = true <-> y_of y * s <= 0.
Proof. exact (tie_mistake_as_written s y). Qed.

(** SSBD (ssbd.5–7) writes the step as w − η·v with v = −y·x on a mistake: the same w. *)
Lemma ssbd_update_as_written eta w x y :
  vadd w (vscale (eta * y_of y) x) = vadd w (vscale (- eta) (vscale (- y_of y) x)).
Proof.
  f_equal; unfold vscale; rewrite map_map; apply map_ext; intros a.
  apply Qred_complete; rewrite Qred_correct; ring.
Qed.
