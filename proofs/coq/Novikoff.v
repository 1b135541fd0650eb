(** * The mistake bound of the six perceptrons (Block 1962, Novikoff 1962), about their
    definitions

    [spec/theorems/novikoff/{mehta,gormley,press}.md] prove k ≤ R²/γ² for an abstract
    sequence of vectors assumed to follow the update.  Here the bound is proved about
    [run_perceptron] itself: for each of the six IDs (so each tie rule), with or without the
    bias, any step η > 0, one pass, n passes or a run to convergence with any fuel.

    It is stated scale-free, so that w* need not be a unit vector (over ℚ one seldom is):
    if every example has ‖x‖² ≤ R² and y·⟨w*, x⟩ ≥ γ > 0, the run makes k mistakes with
    k·γ² ≤ R²·‖w*‖²; with ‖w*‖ = 1 this is the notes' k ≤ R²/γ².  With the bias on, the
    hypotheses are about the augmented vectors (1, x), the vectors the run sees.

    The proof is the notes': on a mistake y·⟨w, x⟩ ≤ 0 whatever the tie rule (every rule
    errs only there), so ⟨w, w*⟩ grows by at least ηγ and ‖w‖² by at most η²R²; after k
    mistakes (kηγ)² ≤ ⟨w, w*⟩² ≤ ‖w‖²‖w*‖² ≤ kη²R²‖w*‖² (Cauchy–Schwarz). *)

From Coq Require Import QArith Qreduction Lqa List Lia.
From PerceptronRef Require Import Vectors Perceptron Runs Bounds.
Import ListNotations.
Open Scope Q_scope.

(** A number of mistakes as a rational. *)
Definition Qk (k : nat) : Q := inject_Z (Z.of_nat k).

Lemma Qk_S k : Qk (S k) == Qk k + 1.
Proof. unfold Qk; rewrite Nat2Z.inj_succ, <- Z.add_1_r, inject_Z_plus; reflexivity. Qed.

Lemma Qk_nonneg k : 0 <= Qk k.
Proof. unfold Qk; change 0 with (inject_Z 0); rewrite <- Zle_Qle; lia. Qed.

Lemma Qk_le k m : (k <= m)%nat -> Qk k <= Qk m.
Proof. intros H; unfold Qk; rewrite <- Zle_Qle; lia. Qed.

Lemma Qk_pos k : (0 < k)%nat -> 1 <= Qk k.
Proof. intros H; unfold Qk; change 1 with (inject_Z 1); rewrite <- Zle_Qle; lia. Qed.

(** Every tie rule errs only where y·s ≤ 0. *)
Lemma mistake_score rule s y :
  negb (label_eqb (predict rule s y) y) = true -> y_of y * s <= 0.
Proof.
  unfold predict; destruct (Qcompare_spec s 0) as [H|H|H];
    destruct rule, y; cbn; intros Hm; try discriminate; lra.
Qed.

Lemma y_square y : y_of y * y_of y == 1.
Proof. destruct y; cbn; reflexivity. Qed.

(** ‖w + v‖² = ‖w‖² + 2⟨w, v⟩ + ‖v‖². *)
Lemma dot_vadd_self w v :
  length w = length v ->
  dot (vadd w v) (vadd w v) == dot w w + 2 * dot w v + dot v v.
Proof.
  intros H; rewrite dot_vadd_l by exact H; rewrite !dot_vadd_r by exact H.
  rewrite (dot_comm v w); ring.
Qed.

Section Bound.

Context (rule : tie_rule) (eta gamma R2 : Q) (wstar : vec) (D : list (vec * label)).
Context (Heta : 0 < eta) (Hgamma : 0 < gamma).
Context (HD : forall x y, In (x, y) D ->
  length x = length wstar /\ gamma <= y_of y * dot wstar x /\ dot x x <= R2).

(** After k mistakes: ⟨w, w*⟩ ≥ kηγ and ‖w‖² ≤ kη²R². *)
Definition novikoff_inv (k : nat) (w : vec) : Prop :=
  length w = length wstar /\ Qk k * eta * gamma <= dot w wstar /\
  dot w w <= Qk k * (eta * eta) * R2.

Lemma novikoff_step k w x y :
  In (x, y) D -> novikoff_inv k w ->
  novikoff_inv (if o_mistake (perceptron_step rule eta w x y) then S k else k)
               (o_weights (perceptron_step rule eta w x y)).
Proof.
  intros Hin [Hlen [Hup Hdown]]; destruct (HD x y Hin) as [Hx [Hmargin Hradius]].
  unfold perceptron_step; cbn [o_mistake o_weights].
  destruct (negb (label_eqb (predict rule (Qred (dot w x)) y) y)) eqn:Hm;
    [|split; [|split]; assumption].
  apply mistake_score in Hm; rewrite Qred_correct in Hm.
  set (c := eta * y_of y).
  assert (Hv : length w = length (vscale c x)) by (rewrite vscale_length; congruence).
  split; [|split].
  - rewrite vadd_length, vscale_length; lia.
  - (* ⟨w + ηyx, w*⟩ = ⟨w, w*⟩ + η·y⟨w*, x⟩ ≥ kηγ + ηγ *)
    rewrite dot_vadd_l by exact Hv; rewrite dot_vscale_l, (dot_comm x wstar), Qk_S.
    unfold c.
    assert (eta * gamma <= eta * (y_of y * dot wstar x)).
    { apply Qmult_le_compat_l; [exact Hmargin | lra]. }
    lra.
  - (* ‖w + ηyx‖² = ‖w‖² + 2ηy⟨w, x⟩ + η²‖x‖² ≤ kη²R² + η²R² *)
    rewrite dot_vadd_self by exact Hv.
    rewrite dot_vscale_r, dot_vscale_l, dot_vscale_r, Qk_S.
    unfold c.
    assert (H1 : eta * (y_of y * dot w x) <= 0).
    { assert (0 <= eta * - (y_of y * dot w x)) by (apply Qmult_le_0_compat; lra). lra. }
    assert (H2 : eta * eta * dot x x <= eta * eta * R2).
    { apply Qmult_le_compat_l; [exact Hradius | nra]. }
    assert (H3 : eta * y_of y * (eta * y_of y * dot x x) == eta * eta * dot x x).
    { rewrite <- (Qmult_1_l (eta * eta * dot x x)), <- (y_square y); ring. }
    assert (H4 : eta * y_of y * dot w x == eta * (y_of y * dot w x)) by ring.
    rewrite H3, H4; lra.
Qed.

(** (kηγ)² ≤ ⟨w, w*⟩² ≤ ‖w‖²‖w*‖² ≤ kη²R²‖w*‖², so kγ² ≤ R²‖w*‖². *)
Lemma novikoff_algebra k wws ww ws :
  0 <= k -> 0 <= R2 -> 0 <= ws ->
  k * eta * gamma <= wws -> ww <= k * (eta * eta) * R2 -> wws * wws <= ww * ws ->
  k * (gamma * gamma) <= R2 * ws.
Proof.
  intros Hk HR Hws H1 H2 H3.
  destruct (Qeq_dec k 0) as [E|Hk0].
  - rewrite E; assert (0 <= R2 * ws) by (apply Qmult_le_0_compat; assumption); lra.
  - assert (Hkpos : 0 < k) by (apply Qle_lteq in Hk as [Hk|Hk]; [exact Hk | exfalso; apply Hk0; now symmetry]).
    assert (Hkeg : 0 <= k * eta * gamma) by (apply Qmult_le_0_compat; [apply Qmult_le_0_compat|]; lra).
    assert (Hsq : (k * eta * gamma) * (k * eta * gamma) <= wws * wws).
    { apply Qmult_le_compat_nonneg; lra. }
    assert (Hww : ww * ws <= k * (eta * eta) * R2 * ws) by (apply Qmult_le_compat_r; assumption).
    (* k·(kη²γ²) ≤ k·(η²R²‖w*‖²), and k > 0 *)
    assert (Hkk : k * (k * (eta * eta) * (gamma * gamma)) <= k * ((eta * eta) * (R2 * ws))).
    { setoid_replace (k * (k * (eta * eta) * (gamma * gamma)))
        with ((k * eta * gamma) * (k * eta * gamma)) by ring.
      setoid_replace (k * ((eta * eta) * (R2 * ws))) with (k * (eta * eta) * R2 * ws) by ring.
      lra. }
    apply Qmult_le_l in Hkk; [|exact Hkpos].
    assert (He2 : 0 < eta * eta) by nra.
    setoid_replace (k * (eta * eta) * (gamma * gamma)) with ((eta * eta) * (k * (gamma * gamma)))
      in Hkk by ring.
    apply Qmult_le_l in Hkk; exact Hkk || exact He2.
Qed.

End Bound.

(** ** The theorem about the six perceptrons *)

Theorem mistake_bound :
  forall (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)) (wstar : vec) (gamma R2 : Q),
  D <> [] -> 0 < eta -> 0 < gamma ->
  (forall x y, In (x, y) D ->
     let x' := if bias then augment x else x in
     length x' = length wstar /\ gamma <= y_of y * dot wstar x' /\ dot x' x' <= R2) ->
  Qk (mistakes (run_perceptron p bias eta epochs fuel D)) * (gamma * gamma)
    <= R2 * dot wstar wstar.
Proof.
  intros p bias eta epochs fuel D wstar gamma R2 Hne Heta Hgamma HD.
  set (D' := with_bias bias augment D).
  assert (HD' : forall x y, In (x, y) D' ->
    length x = length wstar /\ gamma <= y_of y * dot wstar x /\ dot x x <= R2).
  { intros x y Hin; destruct (in_with_bias bias augment D x y Hin) as [x0 [H0 E]].
    subst x; exact (HD x0 y H0). }
  destruct D as [|[x0 y0] D0]; [contradiction|].
  assert (Hfirst : In (if bias then augment x0 else x0, y0) D')
    by (unfold D', with_bias; destruct bias; left; reflexivity).
  destruct (HD' _ _ Hfirst) as [Hlen0 [_ HR0]].
  assert (HR : 0 <= R2) by (pose proof (dot_self_nonneg (if bias then augment x0 else x0)); lra).
  assert (Hdim : dimension D' = length wstar)
    by (unfold D', with_bias, dimension; destruct bias; exact Hlen0).
  set (t := run_perceptron p bias eta epochs fuel ((x0, y0) :: D0)).
  assert (Hinv : novikoff_inv eta gamma R2 wstar (mistakes t) (t_weights t)).
  { unfold t, run_perceptron; fold D'.
    apply (run_inv _ D' (novikoff_inv eta gamma R2 wstar)).
    - intros k w x y Hin Hw; exact (novikoff_step (tie_rule_of p) eta gamma R2 wstar D'
                                       Heta HD' k w x y Hin Hw).
    - rewrite Hdim; split; [apply vzero_length|split].
      + rewrite dot_vzero_l; change (Qk 0) with 0; lra.
      + rewrite dot_vzero_l; change (Qk 0) with 0; lra. }
  destruct Hinv as [_ [H1 H2]].
  apply (novikoff_algebra eta gamma R2 Heta Hgamma (Qk (mistakes t))
           (dot (t_weights t) wstar) (dot (t_weights t) (t_weights t)));
    auto using Qk_nonneg, dot_self_nonneg.
  rewrite (dot_comm (t_weights t) wstar) at 1.
  rewrite (dot_comm (t_weights t) wstar) at 1.
  pose proof (cauchy_schwarz (t_weights t) wstar) as CS.
  rewrite (dot_comm wstar (t_weights t)); exact CS.
Qed.

(** The same, as the notes state it: k ≤ R²‖w*‖²/γ², the bound of
    [perceptron_ref.bounds.perceptron_mistake_bound] at R²‖w*‖² (R² when ‖w*‖ = 1). *)
Corollary mistake_bound_div :
  forall (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)) (wstar : vec) (gamma R2 : Q),
  D <> [] -> 0 < eta -> 0 < gamma ->
  (forall x y, In (x, y) D ->
     let x' := if bias then augment x else x in
     length x' = length wstar /\ gamma <= y_of y * dot wstar x' /\ dot x' x' <= R2) ->
  Qk (mistakes (run_perceptron p bias eta epochs fuel D))
    <= perceptron_mistake_bound (R2 * dot wstar wstar) gamma.
Proof.
  intros p bias eta epochs fuel D wstar gamma R2 Hne Heta Hgamma HD.
  pose proof (mistake_bound p bias eta epochs fuel D wstar gamma R2 Hne Heta Hgamma HD) as H.
  unfold perceptron_mistake_bound.
  assert (Hg : 0 < gamma * gamma) by nra.
  apply Qle_shift_div_l; assumption.
Qed.

(** Blum's "Perceptron algorithm" theorem ([spec/theorems/perceptron/blum-unit.md]) with
    ‖x‖ = 1 relaxed to ‖x‖ ≤ 1, and ‖w*‖ = 1 to ‖w*‖ ≤ 1: M ≤ 1/γ², for the run of every
    perceptron (Blum's own is [p = blum]). *)
Corollary blum_unit_mistake_bound :
  forall (p : perceptron) (bias : bool) (eta : Q) (epochs : epochs_option) (fuel : nat)
         (D : list (vec * label)) (wstar : vec) (gamma : Q),
  D <> [] -> 0 < eta -> 0 < gamma -> dot wstar wstar <= 1 ->
  (forall x y, In (x, y) D ->
     let x' := if bias then augment x else x in
     length x' = length wstar /\ gamma <= y_of y * dot wstar x' /\ dot x' x' <= 1) ->
  Qk (mistakes (run_perceptron p bias eta epochs fuel D)) <= blum_unit_bound gamma.
Proof.
  intros p bias eta epochs fuel D wstar gamma Hne Heta Hgamma Hw HD; unfold blum_unit_bound.
  pose proof (mistake_bound p bias eta epochs fuel D wstar gamma 1 Hne Heta Hgamma HD) as H.
  assert (Hg : 0 < gamma * gamma) by nra.
  apply Qle_shift_div_l; [exact Hg | lra].
Qed.
