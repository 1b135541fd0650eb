(** * Blum's bound without a perfect separator, about the definitions, with ‖x‖ ≤ 1

    [spec/theorems/perceptron/blum-hinge.md] proves M ≤ 1/γ² + 2L for an abstract sequence
    with ‖x‖ = 1 and ‖w*‖ = 1.  Here it is proved about one pass of [run_perceptron] — every
    online perceptron (every tie rule), any η > 0, with or without the bias — with the note's
    ‖x‖ = 1 and ‖w*‖ = 1 relaxed to ‖x‖ ≤ 1 and ‖w*‖ ≤ 1, where the bound still holds.  L is
    the γ-hinge loss of w* over the pass, Σ max(0, 1 − y⟨w*, x⟩/γ).

    The note's proof: a mistake on x adds η·y⟨x, w*⟩ ≥ ηγ(1 − hₓ) to ⟨w, w*⟩ and at most η² to
    ‖w‖², so after k mistakes ηγ(k − L) ≤ ⟨w, w*⟩ ≤ ‖w‖ ≤ η√k, and γ²(k − L)² ≤ k gives
    k ≤ 1/γ² + 2L. *)

From Coq Require Import QArith Qreduction Qminmax Lqa List Lia.
From PerceptronRef Require Import Vectors Perceptron Runs Bounds Novikoff FreundSchapire.
Import ListNotations.
Open Scope Q_scope.

(** The γ-hinge loss of w* on (x, y). *)
Definition hinge (wstar : vec) (gamma : Q) (x : vec) (y : label) : Q :=
  Qmax 0 (1 - y_of y * dot wstar x / gamma).

Definition hinge_loss (wstar : vec) (gamma : Q) (D : list (vec * label)) : Q :=
  fold_right (fun '(x, y) total => hinge wstar gamma x y + total) 0 D.

Lemma hinge_loss_nonneg wstar gamma D : 0 <= hinge_loss wstar gamma D.
Proof.
  induction D as [|[x y] D IH]; cbn; [lra|].
  fold (hinge_loss wstar gamma D); pose proof (Q.le_max_l 0 (1 - y_of y * dot wstar x / gamma)).
  unfold hinge; lra.
Qed.

Section Pass.

Context (rule : tie_rule) (eta gamma : Q) (wstar : vec).
Context (Heta : 0 < eta) (Hgamma : 0 < gamma).

(** Over a pass: ⟨w, w*⟩ grows by at least ηγ(k − L), ‖w‖² by at most η²k. *)
Lemma hinge_pass e i w D :
  length w = length wstar ->
  (forall x y, In (x, y) D -> length x = length wstar /\ dot x x <= 1) ->
  length (snd (pass (perceptron_step rule eta) e i w D)) = length wstar /\
  dot w wstar + eta * gamma * (Qk (count (fst (pass (perceptron_step rule eta) e i w D)))
                                - hinge_loss wstar gamma D)
    <= dot (snd (pass (perceptron_step rule eta) e i w D)) wstar /\
  dot (snd (pass (perceptron_step rule eta) e i w D)) (snd (pass (perceptron_step rule eta) e i w D))
    <= dot w w + eta * eta * Qk (count (fst (pass (perceptron_step rule eta) e i w D))).
Proof.
  revert i w; induction D as [|[x y] D IH]; intros i w Hw HD.
  - cbn; change (Qk 0) with 0; split; [exact Hw|]; split; lra.
  - cbn [pass].
    destruct (HD x y (or_introl eq_refl)) as [Hx Hxx].
    assert (HD' : forall x y, In (x, y) D -> length x = length wstar /\ dot x x <= 1)
      by (intros x' y' H; apply (HD x' y'); right; exact H).
    set (o := perceptron_step rule eta w x y).
    assert (Hlen : length (o_weights o) = length wstar).
    { unfold o, perceptron_step; cbn [o_weights].
      destruct (negb _); [rewrite vadd_length, vscale_length; lia | exact Hw]. }
    destruct (IH (S i) (o_weights o) Hlen HD') as [IH1 [IH2 IH3]].
    destruct (pass (perceptron_step rule eta) e (S i) (o_weights o) D) as [rest w_end].
    cbn [fst snd] in *; rewrite count_cons; cbn [s_mistake].
    split; [exact IH1|].
    cbn [hinge_loss fold_right]; fold (hinge_loss wstar gamma D).
    pose proof (Q.le_max_l 0 (1 - y_of y * dot wstar x / gamma)) as Hh0.
    pose proof (Q.le_max_r 0 (1 - y_of y * dot wstar x / gamma)) as Hh1.
    fold (hinge wstar gamma x y) in Hh0, Hh1.
    (* the step itself *)
    assert (Hstep : dot w wstar + eta * gamma * (Qk (if o_mistake o then 1 else 0) - hinge wstar gamma x y)
                      <= dot (o_weights o) wstar /\
                    dot (o_weights o) (o_weights o) <= dot w w + eta * eta * Qk (if o_mistake o then 1 else 0)).
    { unfold o, perceptron_step; cbn [o_mistake o_weights].
      destruct (negb (label_eqb (predict rule (Qred (dot w x)) y) y)) eqn:Hm.
      - apply mistake_score in Hm; rewrite Qred_correct in Hm.
        assert (Hv : length w = length (vscale (eta * y_of y) x)) by (rewrite vscale_length; congruence).
        change (Qk 1) with 1.
        split.
        + rewrite dot_vadd_l by exact Hv; rewrite dot_vscale_l, (dot_comm x wstar).
          (* y⟨w*, x⟩ ≥ γ(1 − h) *)
          assert (Hyx : gamma * (1 - hinge wstar gamma x y) <= y_of y * dot wstar x).
          { assert (E : gamma * (1 - (1 - y_of y * dot wstar x / gamma)) == y_of y * dot wstar x)
              by (field; lra).
            assert (gamma * (1 - hinge wstar gamma x y) <= gamma * (1 - (1 - y_of y * dot wstar x / gamma)))
              by (apply Qmult_le_compat_l; lra).
            lra. }
          assert (eta * (gamma * (1 - hinge wstar gamma x y)) <= eta * (y_of y * dot wstar x))
            by (apply Qmult_le_compat_l; lra).
          setoid_replace (eta * y_of y * dot wstar x) with (eta * (y_of y * dot wstar x)) by ring.
          lra.
        + rewrite dot_vadd_self by exact Hv.
          rewrite dot_vscale_r, dot_vscale_l, dot_vscale_r.
          assert (H1 : eta * (y_of y * dot w x) <= 0).
          { assert (0 <= eta * - (y_of y * dot w x)) by (apply Qmult_le_0_compat; lra). lra. }
          assert (H2 : eta * eta * dot x x <= eta * eta * 1) by (apply Qmult_le_compat_l; [exact Hxx | nra]).
          assert (H3 : eta * y_of y * (eta * y_of y * dot x x) == eta * eta * dot x x).
          { rewrite <- (Qmult_1_l (eta * eta * dot x x)), <- (y_square y); ring. }
          assert (H4 : eta * y_of y * dot w x == eta * (y_of y * dot w x)) by ring.
          rewrite H3, H4; lra.
      - change (Qk 0) with 0.
        assert (0 <= eta * gamma * hinge wstar gamma x y)
          by (apply Qmult_le_0_compat; [apply Qmult_le_0_compat|]; lra).
        split; lra. }
    destruct Hstep as [Hs1 Hs2].
    assert (Hsum : Qk ((if o_mistake o then 1 else 0) + count rest)
                   == Qk (if o_mistake o then 1 else 0) + Qk (count rest))
      by (unfold Qk; rewrite Nat2Z.inj_add, inject_Z_plus; reflexivity).
    rewrite Hsum; split; lra.
Qed.

End Pass.

Lemma hinge_with_bias (bias : bool) (wstar : vec) (gamma : Q) (D : list (vec * label)) :
  fold_right (fun '(x, y) total =>
                let x' := if bias then augment x else x in
                Qmax 0 (1 - y_of y * dot wstar x' / gamma) + total) 0 D
  = hinge_loss wstar gamma (with_bias bias augment D).
Proof.
  unfold hinge_loss, hinge, with_bias; destruct bias; [|reflexivity].
  induction D as [|[x y] D IH]; [reflexivity|].
  cbn [map fold_right]; rewrite IH; reflexivity.
Qed.

(** γ²(k − L)² ≤ k with k > L ≥ 0 gives k ≤ 1/γ² + 2L. *)
Lemma hinge_algebra g k L :
  0 < g -> 0 <= L -> L < k -> g * ((k - L) * (k - L)) <= k -> k <= 1 / g + 2 * L.
Proof.
  intros Hg HL Hk H.
  destruct (Qlt_le_dec (1 / g + 2 * L) k) as [Hgt|Hle]; [|exact Hle].
  exfalso.
  assert (Hgk : 1 + 2 * g * L < g * k).
  { assert (g * (1 / g + 2 * L) < g * k) by (apply Qmult_lt_l; assumption).
    setoid_replace (g * (1 / g + 2 * L)) with (1 + 2 * g * L) in H0 by (field; lra).
    exact H0. }
  assert (0 < k * (g * k - 2 * g * L - 1)) by (apply Qmult_lt_0_compat; lra).
  assert (0 <= g * (L * L)) by (apply Qmult_le_0_compat; [lra | apply sq_nonneg]).
  assert (E : g * ((k - L) * (k - L)) - k == k * (g * k - 2 * g * L - 1) + g * (L * L)) by ring.
  lra.
Qed.

Theorem blum_hinge_mistake_bound :
  forall (p : perceptron) (bias : bool) (eta : Q) (fuel : nat) (D : list (vec * label))
         (wstar : vec) (gamma Lh : Q),
  is_batch p = false -> D <> [] -> 0 < eta -> 0 < gamma -> dot wstar wstar <= 1 ->
  (forall x y, In (x, y) D ->
     let x' := if bias then augment x else x in
     length x' = length wstar /\ dot x' x' <= 1) ->
  fold_right (fun '(x, y) total =>
                let x' := if bias then augment x else x in
                Qmax 0 (1 - y_of y * dot wstar x' / gamma) + total) 0 D <= Lh ->
  Qk (mistakes (run_perceptron p bias eta (Passes 1) fuel D)) <= blum_hinge_bound gamma Lh.
Proof.
  intros p bias eta fuel D wstar gamma Lh Hb Hne Heta Hgamma Hw HD HL.
  set (D' := with_bias bias augment D).
  assert (HD' : forall x y, In (x, y) D' -> length x = length wstar /\ dot x x <= 1).
  { intros x y Hin; destruct (in_with_bias bias augment D x y Hin) as [x0 [H0 E]].
    subst x; exact (HD x0 y H0). }
  assert (HL' : hinge_loss wstar gamma D' <= Lh) by (unfold D'; rewrite <- hinge_with_bias; exact HL).
  assert (Hdim : dimension D' = length wstar).
  { destruct D as [|[x0 y0] D0]; [contradiction|].
    assert (Hfirst : In (if bias then augment x0 else x0, y0) D')
      by (unfold D', with_bias; destruct bias; left; reflexivity).
    destruct (HD' _ _ Hfirst) as [Hlen0 _].
    unfold D', with_bias, dimension; destruct bias; exact Hlen0. }
  rewrite one_pass_mistakes by exact Hb; fold D'; rewrite Hdim.
  destruct (hinge_pass (tie_rule_of p) eta gamma wstar Heta Hgamma 1 0 (vzero (length wstar)) D'
              (vzero_length _) HD') as [_ [H1 H2]].
  set (w := snd (pass (perceptron_step (tie_rule_of p) eta) 1 0 (vzero (length wstar)) D')) in *.
  set (k := Qk (count (fst (pass (perceptron_step (tie_rule_of p) eta) 1 0 (vzero (length wstar)) D')))) in *.
  set (L' := hinge_loss wstar gamma D') in *.
  rewrite dot_vzero_l in H1, H2.
  assert (HL0 : 0 <= L') by apply hinge_loss_nonneg.
  assert (Hg2 : 0 < gamma * gamma) by nra.
  assert (Hinv : 0 <= 1 / (gamma * gamma)) by (apply Qle_shift_div_l; lra).
  unfold blum_hinge_bound.
  destruct (Qlt_le_dec L' k) as [Hk|Hk]; [|lra].
  (* η²γ²(k − L)² ≤ ⟨w, w*⟩² ≤ ‖w‖²‖w*‖² ≤ η²k *)
  assert (HA : 0 <= eta * gamma * (k - L')) by (apply Qmult_le_0_compat; [apply Qmult_le_0_compat|]; lra).
  assert (Hsq : (eta * gamma * (k - L')) * (eta * gamma * (k - L')) <= dot w wstar * dot w wstar)
    by (apply Qmult_le_compat_nonneg; lra).
  pose proof (cauchy_schwarz w wstar) as CS.
  assert (Hww : dot w w * dot wstar wstar <= dot w w * 1)
    by (apply Qmult_le_compat_l; [exact Hw | apply dot_self_nonneg]).
  assert (Hfin : (eta * eta) * ((gamma * gamma) * ((k - L') * (k - L'))) <= (eta * eta) * k).
  { setoid_replace ((eta * eta) * ((gamma * gamma) * ((k - L') * (k - L'))))
      with ((eta * gamma * (k - L')) * (eta * gamma * (k - L'))) by ring.
    lra. }
  apply Qmult_le_l in Hfin; [|nra].
  pose proof (hinge_algebra (gamma * gamma) k L' Hg2 HL0 Hk Hfin). lra.
Qed.
