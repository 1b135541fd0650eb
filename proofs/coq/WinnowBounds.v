(** * Winnow's mistake bounds, about the definitions of [Winnow.v]

    [spec/theorems/winnow/disjunction.md] proves M ≤ 2r⌈log₂ n⌉ + 1 from 25 bookkeeping
    premises about the weights, never shown to hold for a Winnow.  Here the bound is proved
    about [run_winnow disjunction] itself — any passes, to convergence with any fuel, with or
    without the bias — on examples labelled by a monotone disjunction of the variables
    rel = {i₁, …, i_r} of the n features (the bias's included); and the k-of-r bound about
    [run_winnow (k_of_r k)] (second half of the file).

    Disjunctions (Littlestone 1988): a relevant weight is always a power of 2 (a negative
    example has no relevant variable on, so it is never zeroed), doubled only while
    wᵢ ≤ w·x < n ≤ 2^⌈log₂ n⌉, so it stays ≤ 2^⌈log₂ n⌉; every mistake on a positive doubles at
    least one of them, so the product of the relevant weights, at most 2^{r⌈log₂ n⌉}, is at
    least 2^{M₊}: M₊ ≤ r⌈log₂ n⌉.  The total weight starts at n, grows by w·x < n on a
    mistake on a positive, shrinks by w·x ≥ n on a mistake on a negative, and stays ≥ 0:
    M₋ ≤ M₊ + 1. *)

From Coq Require Import QArith Qreduction Qpower Lqa List Lia.
From PerceptronRef Require Import Vectors Perceptron Winnow Runs Bounds Novikoff.
Import ListNotations.
Open Scope Q_scope.

(** The monotone disjunction of the variables S: positive iff some xᵢ, i ∈ S, is on. *)
Definition disjunction_label (S : list nat) (x : bvec) : label :=
  if existsb (fun i => nth i x false) S then pos else neg.

(** ** Sums and products of weights *)

Definition total (w : vec) : Q := fold_right Qplus 0 w.

(** Π_{i ∈ S} wᵢ *)
Definition product_at (S : list nat) (w : vec) : Q := fold_right (fun i acc => nth i w 0 * acc) 1 S.

Definition nonneg (w : vec) : Prop := forall i, 0 <= nth i w 0.

Lemma Qk_mult a b : Qk (a * b) == Qk a * Qk b.
Proof. unfold Qk; rewrite Nat2Z.inj_mul, inject_Z_mult; reflexivity. Qed.

Lemma Qk_pow2_S e : Qk (2 ^ S e) == 2 * Qk (2 ^ e).
Proof. rewrite Nat.pow_succ_r', Qk_mult; reflexivity. Qed.

Lemma Qk_lt a b : Qk a < Qk b -> (a < b)%nat.
Proof. unfold Qk; rewrite <- Zlt_Qlt; lia. Qed.

Lemma Qk_le_inv a b : Qk a <= Qk b -> (a <= b)%nat.
Proof. unfold Qk; rewrite <- Zle_Qle; lia. Qed.

Lemma Qnat_Qk n : Qnat n = Qk n.
Proof. reflexivity. Qed.

Lemma nth_on_active f w x i :
  length x = length w ->
  nth i (on_active f w x) 0 = if nth i x false then f (nth i w 0) else nth i w 0.
Proof.
  revert x i; induction w as [|a w IH]; intros [|b x] i H; cbn in H; try discriminate.
  - destruct i; reflexivity.
  - destruct i; cbn [on_active nth]; [reflexivity | apply IH; lia].
Qed.

Lemma on_active_length f w x : length x = length w -> length (on_active f w x) = length w.
Proof.
  revert x; induction w as [|a w IH]; intros [|b x] H; cbn in *; try discriminate; auto.
Qed.

Lemma double_eq a : double a == 2 * a.
Proof. apply Qred_correct. Qed.

(** Doubling the active weights adds w·x; zeroing them removes it. *)
Lemma total_double w x :
  length x = length w -> total (on_active double w x) == total w + wdot w x.
Proof.
  revert x; induction w as [|a w IH]; intros [|b x] H; cbn in H; try discriminate.
  - reflexivity.
  - cbn [on_active total fold_right wdot]; fold (total w) (total (on_active double w x)).
    rewrite IH by lia; destruct b; [rewrite double_eq|]; ring.
Qed.

Lemma total_zero w x :
  length x = length w -> total (on_active to_zero w x) == total w - wdot w x.
Proof.
  revert x; induction w as [|a w IH]; intros [|b x] H; cbn in H; try discriminate.
  - reflexivity.
  - cbn [on_active total fold_right wdot]; fold (total w) (total (on_active to_zero w x)).
    rewrite IH by lia; destruct b; unfold to_zero; ring.
Qed.

Lemma total_nonneg w : nonneg w -> 0 <= total w.
Proof.
  intros Hw; induction w as [|a w IH]; cbn; [lra|].
  assert (0 <= a) by exact (Hw 0%nat).
  assert (0 <= total w) by (apply IH; intros i; exact (Hw (S i))).
  unfold total in *; lra.
Qed.

(** An active weight is part of w·x when no weight is negative. *)
Lemma active_le_wdot w x i :
  nonneg w -> nth i x false = true -> nth i w 0 <= wdot w x.
Proof.
  revert x i; induction w as [|a w IH]; intros [|b x] i Hw Hx.
  - destruct i; cbn; lra.
  - destruct i; cbn in Hx; [discriminate | cbn; lra].
  - destruct i; cbn in Hx; discriminate.
  - assert (Ha : 0 <= a) by exact (Hw 0%nat).
    assert (Hw' : nonneg w) by (intros j; exact (Hw (S j))).
    assert (Hdot : 0 <= wdot w x).
    { clear - Hw'; revert x; induction w as [|a w IH]; intros [|b x]; cbn; try lra.
      assert (0 <= a) by exact (Hw' 0%nat).
      assert (Hw'' : nonneg w) by (intros j; exact (Hw' (S j))).
      specialize (IH Hw'' x); destruct b; lra. }
    destruct i as [|i]; cbn in Hx |- *.
    + subst b; lra.
    + specialize (IH x i Hw' Hx); destruct b; lra.
Qed.

Lemma product_at_nonneg S w : nonneg w -> 0 <= product_at S w.
Proof.
  intros Hw; induction S as [|i S IH]; cbn; [lra|].
  apply Qmult_le_0_compat; [apply Hw | exact IH].
Qed.

Lemma nth_ones n i : nth i (ones n) 0 == if (i <? n)%nat then 1 else 0.
Proof.
  unfold ones; destruct (i <? n)%nat eqn:E.
  - apply Nat.ltb_lt in E; rewrite (nth_indep _ 0 1) by (rewrite repeat_length; exact E).
    rewrite nth_repeat; reflexivity.
  - apply Nat.ltb_ge in E; rewrite nth_overflow by (rewrite repeat_length; exact E); reflexivity.
Qed.

Lemma product_at_ones S n : (forall i, In i S -> (i < n)%nat) -> product_at S (ones n) == 1.
Proof.
  induction S as [|i S IH]; intros HS; cbn; [reflexivity|].
  rewrite IH by (intros j Hj; apply HS; right; exact Hj).
  rewrite nth_ones; assert (Hi : (i <? n)%nat = true) by (apply Nat.ltb_lt, HS; left; reflexivity).
  rewrite Hi; ring.
Qed.

Lemma total_ones n : total (ones n) == Qnat n.
Proof.
  unfold ones, Qnat; induction n as [|m IH]; [reflexivity|].
  cbn [repeat total fold_right]; fold (total (repeat 1 m)); rewrite IH.
  rewrite Nat2Z.inj_succ, <- Z.add_1_r, inject_Z_plus; ring.
Qed.

(** ** The invariant *)

Section Disjunction.

Context (n : nat) (rel : list nat) (D : list (bvec * label)).
Context (Hn : (1 <= n)%nat) (HS : forall i, In i rel -> (i < n)%nat).
Context (HD : forall x y, In (x, y) D -> length x = n /\ y = disjunction_label rel x).

Let L := Nat.log2_up n.

Lemma n_le_pow : (n <= 2 ^ L)%nat.
Proof. apply Nat.log2_up_le_pow2; [lia | apply Nat.le_refl]. Qed.

(** After k mistakes, of which mp on positives and mn on negatives. *)
Definition disjunction_inv (k : nat) (w : vec) : Prop :=
  exists mp mn, k = (mp + mn)%nat /\ length w = n /\ nonneg w /\
    (forall i, In i rel -> exists e, nth i w 0 == Qk (2 ^ e) /\ (2 ^ e <= 2 ^ L)%nat) /\
    Qk (2 ^ mp) <= product_at rel w /\
    total w <= Qnat n * (1 + Qk mp - Qk mn).

Lemma disjunction_start : disjunction_inv 0 (ones n).
Proof.
  exists 0%nat, 0%nat; split; [reflexivity|].
  split; [apply repeat_length|].
  split; [intros i; rewrite nth_ones; destruct (i <? n)%nat; lra|].
  split.
  - intros i Hi; exists 0%nat; split; [|apply Nat.pow_le_mono_r; lia].
    rewrite nth_ones; assert (Hi' : (i <? n)%nat = true) by (apply Nat.ltb_lt, HS, Hi).
    rewrite Hi'; reflexivity.
  - split.
    + rewrite product_at_ones by exact HS; change (Qk (2 ^ 0)) with 1; apply Qle_refl.
    + rewrite total_ones; change (Qk 0) with 0; lra.
Qed.

Lemma product_double rel' w x :
  nonneg w -> length x = length w ->
  product_at rel' w <= product_at rel' (on_active double w x) /\
  (existsb (fun i => nth i x false) rel' = true ->
   2 * product_at rel' w <= product_at rel' (on_active double w x)).
Proof.
  intros Hw Hx; induction rel' as [|i rel' [IH1 IH2]]; cbn [product_at fold_right existsb].
  - split; [lra | discriminate].
  - fold (product_at rel' w) (product_at rel' (on_active double w x)).
    rewrite nth_on_active by exact Hx.
    pose proof (Hw i) as Hwi; pose proof (product_at_nonneg rel' w Hw) as HP.
    destruct (nth i x false); cbn [orb].
    + rewrite double_eq.
      assert (2 * nth i w 0 * product_at rel' w
              <= 2 * nth i w 0 * product_at rel' (on_active double w x))
        by (apply Qmult_le_compat_l; [exact IH1 | lra]).
      split; [nra | intros _; lra].
    + assert (nth i w 0 * product_at rel' w <= nth i w 0 * product_at rel' (on_active double w x))
        by (apply Qmult_le_compat_l; [exact IH1 | lra]).
      split; [assumption | intros He].
      assert (nth i w 0 * (2 * product_at rel' w) <= nth i w 0 * product_at rel' (on_active double w x))
        by (apply Qmult_le_compat_l; [exact (IH2 He) | lra]).
      lra.
Qed.

Lemma product_same rel' w w' :
  (forall i, In i rel' -> nth i w' 0 = nth i w 0) -> product_at rel' w' = product_at rel' w.
Proof.
  intros H; induction rel' as [|i rel' IH]; [reflexivity|].
  cbn [product_at fold_right]; fold (product_at rel' w') (product_at rel' w).
  rewrite H by (left; reflexivity); rewrite IH by (intros j Hj; apply H; right; exact Hj).
  reflexivity.
Qed.

Lemma disjunction_step k w x y :
  In (x, y) D -> disjunction_inv k w ->
  disjunction_inv (if o_mistake (winnow_learner disjunction n w x y) then S k else k)
                  (o_weights (winnow_learner disjunction n w x y)).
Proof.
  intros Hin [mp [mn [Hk [Hlen [Hnn [Hpow [Hprod Htot]]]]]]].
  destruct (HD x y Hin) as [Hx Hy].
  assert (Hxw : length x = length w) by congruence.
  unfold winnow_learner, winnow_step; cbn [o_mistake o_weights].
  destruct (Qle_bool (Qnat n) (wdot w x)) eqn:Hpred; destruct y; cbn [label_eqb negb];
    try (exists mp, mn; repeat split; assumption).
  - (* a mistake on a negative: no relevant variable is on; the active weights are zeroed *)
    apply Qle_bool_iff in Hpred.
    assert (Hoff : forall i, In i rel -> nth i x false = false).
    { intros i Hi; unfold disjunction_label in Hy.
      destruct (existsb (fun i => nth i x false) rel) eqn:E; [discriminate|].
      destruct (nth i x false) eqn:Exi; [|reflexivity].
      assert (existsb (fun i => nth i x false) rel = true)
        by (apply existsb_exists; exists i; auto).
      congruence. }
    assert (Hsame : forall i, In i rel -> nth i (on_active to_zero w x) 0 = nth i w 0)
      by (intros i Hi; rewrite nth_on_active, Hoff by assumption; reflexivity).
    exists mp, (S mn); split; [lia|].
    split; [rewrite on_active_length; assumption|].
    split; [intros i; rewrite nth_on_active by exact Hxw; destruct (nth i x false);
            [unfold to_zero; lra | apply Hnn]|].
    split; [intros i Hi; rewrite Hsame by exact Hi; apply Hpow, Hi|].
    split; [rewrite (product_same rel w (on_active to_zero w x) Hsame); exact Hprod|].
    rewrite total_zero by exact Hxw; rewrite Qk_S.
    unfold Qnat in *; fold (Qk n) in *; lra.
  - (* a mistake on a positive: some relevant variable is on; the active weights double *)
    assert (Hlt : wdot w x < Qnat n).
    { apply Qnot_le_lt; intros H; apply Qle_bool_iff in H; congruence. }
    assert (Hon : existsb (fun i => nth i x false) rel = true).
    { unfold disjunction_label in Hy; destruct (existsb _ rel); [reflexivity | discriminate]. }
    exists (S mp), mn; split; [lia|].
    split; [rewrite on_active_length; assumption|].
    split; [intros i; rewrite nth_on_active by exact Hxw; destruct (nth i x false);
            [rewrite double_eq; pose proof (Hnn i); lra | apply Hnn]|].
    split.
    + intros i Hi; destruct (Hpow i Hi) as [e [He HeL]].
      rewrite nth_on_active by exact Hxw.
      destruct (nth i x false) eqn:Exi; [|exists e; split; [exact He | exact HeL]].
      exists (S e); split.
      * rewrite double_eq, He, Qk_pow2_S; reflexivity.
      * (* wᵢ ≤ w·x < n ≤ 2ᴸ, so 2ᵉ < 2ᴸ and 2ᵉ⁺¹ ≤ 2ᴸ *)
        pose proof (active_le_wdot w x i Hnn Exi) as Hle.
        assert (Hen : (2 ^ e < n)%nat)
          by (apply Qk_lt; rewrite <- He; unfold Qnat in Hlt; fold (Qk n) in Hlt; lra).
        pose proof n_le_pow.
        assert (e < L)%nat by (apply (Nat.pow_lt_mono_r_iff 2); lia).
        apply Nat.pow_le_mono_r; lia.
    + split.
      * destruct (product_double rel w x Hnn Hxw) as [_ H2].
        rewrite Qk_pow2_S; specialize (H2 Hon); lra.
      * rewrite total_double by exact Hxw; rewrite Qk_S.
        unfold Qnat in *; fold (Qk n) in *; lra.
Qed.

End Disjunction.

Lemma product_le_pow rel' w L' :
  nonneg w ->
  (forall i, In i rel' -> exists e, nth i w 0 == Qk (2 ^ e) /\ (2 ^ e <= 2 ^ L')%nat) ->
  product_at rel' w <= Qk ((2 ^ L') ^ length rel').
Proof.
  intros Hw H; induction rel' as [|i rel' IH]; cbn [product_at fold_right length]; [apply Qle_refl|].
  fold (product_at rel' w); rewrite Nat.pow_succ_r', Qk_mult.
  destruct (H i (or_introl eq_refl)) as [e [He HeL]].
  apply Qmult_le_compat_nonneg; split.
  - apply Hw.
  - rewrite He; apply Qk_le; exact HeL.
  - apply product_at_nonneg, Hw.
  - apply IH; intros j Hj; apply H; right; exact Hj.
Qed.

Theorem winnow_disjunction_mistake_bound :
  forall (bias : bool) (epochs : epochs_option) (fuel : nat) (D : list (bvec * label))
         (rel : list nat) (n : nat),
  D <> [] -> (1 <= n)%nat -> (forall i, In i rel -> (i < n)%nat) ->
  (forall x y, In (x, y) D ->
     let x' := if bias then true :: x else x in
     length x' = n /\ y = (if existsb (fun i => nth i x' false) rel then pos else neg)) ->
  (mistakes (run_winnow disjunction bias epochs fuel D)
    <= winnow_disjunction_bound (length rel) n)%nat.
Proof.
  intros bias epochs fuel D rel n Hne Hn HS HD.
  set (D' := with_bias bias (cons true) D).
  assert (HD' : forall x y, In (x, y) D' -> length x = n /\ y = disjunction_label rel x).
  { intros x y Hin; destruct (in_with_bias bias (cons true) D x y Hin) as [x0 [H0 E]].
    subst x; exact (HD x0 y H0). }
  assert (Hdim : bdimension D' = n).
  { destruct D as [|[x0 y0] D0]; [contradiction|].
    assert (Hfirst : In (if bias then true :: x0 else x0, y0) D')
      by (unfold D', with_bias; destruct bias; left; reflexivity).
    destruct (HD' _ _ Hfirst) as [Hlen0 _].
    unfold D', with_bias, bdimension; destruct bias; exact Hlen0. }
  unfold run_winnow; fold D'; rewrite Hdim.
  pose proof (run_inv (winnow_learner disjunction n) D' (disjunction_inv n rel)
                (disjunction_step n rel D' Hn HD') (ones n) epochs fuel
                (disjunction_start n rel Hn HS)) as Hinv.
  destruct Hinv as [mp [mn [Hk [_ [Hnn [Hpow [Hprod Htot]]]]]]].
  rewrite Hk; unfold winnow_disjunction_bound.
  set (L := Nat.log2_up n) in *.
  (* M₊ ≤ rL: 2^M₊ ≤ Π ≤ (2ᴸ)ʳ *)
  pose proof (product_le_pow rel _ L Hnn Hpow) as HP.
  assert (Hmp : (mp <= L * length rel)%nat).
  { rewrite <- Nat.pow_mul_r in HP.
    apply (Nat.pow_le_mono_r_iff 2); [lia|]; apply Qk_le_inv; lra. }
  (* M₋ ≤ M₊ + 1: 0 ≤ Σw ≤ n(1 + M₊ − M₋) *)
  assert (Hmn : (mn <= S mp)%nat).
  { pose proof (total_nonneg _ Hnn) as Ht0.
    assert (Hnq : 1 <= Qnat n) by (apply Qk_pos; lia).
    assert (0 <= 1 + Qk mp - Qk mn).
    { destruct (Qlt_le_dec (1 + Qk mp - Qk mn) 0) as [Hneg|]; [|assumption].
      exfalso; assert (Qnat n * (1 + Qk mp - Qk mn) < 0) by nra.
      lra. }
    apply Qk_le_inv; rewrite Qk_S; lra. }
  lia.
Qed.

(** ** k-of-r functions

    The same argument with the factor b = 1 + ε, ε = 1/2k: a relevant weight stays a power
    bᴱ (E an integer, negative after demotions) with E ≤ L whenever bᴸ ≥ n; a mistake on a
    positive promotes at least k relevant weights and one on a negative demotes at most k − 1,
    so their product is at least b^{k·M₊ − (k−1)·M₋} and at most b^{rL}; the total weight,
    positive, grows by less than εn per promotion and shrinks by at least εn/(1 + ε) per
    demotion.  The arithmetic of [k_of_r_algebra] turns the two into the bound. *)

(** The k-of-r function of the variables rel: positive iff at least k of them are on. *)
Definition count_on (rel : list nat) (x : bvec) : nat := length (filter (fun i => nth i x false) rel).

Lemma count_on_cons i rel x :
  count_on (i :: rel) x = ((if nth i x false then 1 else 0) + count_on rel x)%nat.
Proof. unfold count_on; cbn; destruct (nth i x false); reflexivity. Qed.

Definition positive_weights (w : vec) : Prop := forall i, (i < length w)%nat -> 0 < nth i w 0.

(** Multiplying the active weights by c multiplies the product of the relevant ones by cᵃ,
    a the number of active relevant variables. *)
Lemma product_scale (f : Q -> Q) (c : Q) rel w x :
  ~ c == 0 -> (forall a, f a == a * c) -> length x = length w ->
  product_at rel (on_active f w x) == product_at rel w * c ^ Z.of_nat (count_on rel x).
Proof.
  intros Hc Hf Hx; induction rel as [|i rel IH]; [cbn; ring|].
  cbn [product_at fold_right]; fold (product_at rel w) (product_at rel (on_active f w x)).
  rewrite IH, count_on_cons, nth_on_active by exact Hx.
  destruct (nth i x false); cbn [Nat.add]; [|ring].
  rewrite Hf, Nat2Z.inj_succ, <- Z.add_1_r, Qpower_plus by exact Hc; ring.
Qed.

(** The arithmetic that turns the two invariants into the bound. *)
Lemma k_of_r_algebra (kq r L mp mn : Q) :
  1 <= kq -> 0 <= mp -> 0 <= mn -> 0 <= r -> 0 <= L ->
  kq * mp - (kq - 1) * mn <= r * L ->
  (1 / (2 * kq)) / (1 + 1 / (2 * kq)) * mn < 1 + 1 / (2 * kq) * mp ->
  mp + mn <= winnow_k_of_r_bound r kq L.
Proof.
  intros Hk Hmp Hmn Hr HL HA HB.
  unfold winnow_k_of_r_bound, winnow_k_of_r_positive_bound; cbv zeta.
  set (e := 1 / (2 * kq)).
  assert (He : e == 1 / (2 * kq)) by reflexivity.
  assert (Hepos : 0 < e) by (rewrite He; apply Qlt_shift_div_l; lra).
  assert (Hke : 2 * kq * e == 1) by (rewrite He; field; lra).
  (* mn < (2k + 1) + (1 + e)·mp *)
  assert (Hfac : e / (1 + e) == 1 / (2 * kq + 1)) by (rewrite He; field; lra).
  rewrite <- He, Hfac in HB.
  assert (HB' : mn < (2 * kq + 1) + (1 + e) * mp).
  { assert (H1 : mn == (2 * kq + 1) * (1 / (2 * kq + 1) * mn)) by (field; lra).
    assert (H2 : (2 * kq + 1) * (1 / (2 * kq + 1) * mn) < (2 * kq + 1) * (1 + e * mp)).
    { apply Qmult_lt_l; [lra | exact HB]. }
    assert (H3 : (2 * kq + 1) * (e * mp) == (1 + e) * mp) by (rewrite He; field; lra).
    lra. }
  (* (k+1)/2k · mp ≤ rL + (k − 1)(2k + 1) *)
  assert (Hc : kq - (kq - 1) * (1 + e) == (kq + 1) / (2 * kq)) by (rewrite He; field; lra).
  assert (HA' : (kq - (kq - 1) * (1 + e)) * mp <= r * L + (kq - 1) * (2 * kq + 1)).
  { assert ((kq - 1) * mn <= (kq - 1) * ((2 * kq + 1) + (1 + e) * mp)) by nra. nra. }
  rewrite Hc in HA'.
  set (Mp := 2 * kq / (kq + 1) * (r * L + (kq - 1) * (2 * kq + 1))).
  assert (HMp : mp <= Mp).
  { unfold Mp.
    assert (Hpos : 0 < (kq + 1) / (2 * kq)) by (apply Qlt_shift_div_l; lra).
    assert (E : 2 * kq / (kq + 1) * (r * L + (kq - 1) * (2 * kq + 1))
                == ((kq + 1) / (2 * kq) * mp + (r * L + (kq - 1) * (2 * kq + 1) - (kq + 1) / (2 * kq) * mp))
                   * (2 * kq / (kq + 1))) by (field; lra).
    rewrite E.
    assert (E2 : mp == (kq + 1) / (2 * kq) * mp * (2 * kq / (kq + 1))) by (field; lra).
    rewrite E2 at 1.
    apply Qmult_le_compat_r; [lra | apply Qle_shift_div_l; lra]. }
  assert (Hbe : (1 + e) / e == 2 * kq + 1) by (rewrite He; field; lra).
  rewrite Hbe.
  assert ((1 + e) * mp <= (1 + e) * Mp) by (rewrite !(Qmult_comm (1 + e)); apply Qmult_le_compat_r; lra).
  lra.
Qed.

Lemma total_scale (f : Q -> Q) (c : Q) w x :
  (forall a, f a == a * c) -> length x = length w ->
  total (on_active f w x) == total w + (c - 1) * wdot w x.
Proof.
  intros Hf; revert x; induction w as [|a w IH]; intros [|bx x] Hx; cbn in Hx; try discriminate.
  - cbn; ring.
  - cbn [on_active total fold_right wdot]; fold (total w) (total (on_active f w x)).
    rewrite IH by lia; destruct bx; [rewrite Hf|]; ring.
Qed.

Section KofR.

Context (k : positive) (n L : nat) (rel : list nat) (D : list (bvec * label)).
Context (Hn : (1 <= n)%nat) (Hrel : forall i, In i rel -> (i < n)%nat).
Context (HL : Qnat n <= (1 + epsilon k) ^ Z.of_nat L).
Context (HD : forall x y, In (x, y) D ->
  length x = n /\ y = (if (Pos.to_nat k <=? count_on rel x)%nat then pos else neg)).

Let eps := epsilon k.
Let b := 1 + eps.
Let kz := Z.of_nat (Pos.to_nat k).

Lemma eps_pos : 0 < eps.
Proof. unfold eps, epsilon; reflexivity. Qed.

Lemma b_gt_1 : 1 < b.
Proof. unfold b; pose proof eps_pos; lra. Qed.

Lemma b_pos : 0 < b.
Proof. pose proof b_gt_1; lra. Qed.

Lemma promote_eq a : promote eps a == a * b.
Proof. unfold promote; rewrite Qred_correct; reflexivity. Qed.

Lemma demote_eq a : demote eps a == a / b.
Proof. unfold demote; rewrite Qred_correct; reflexivity. Qed.

Lemma bpow_S z : b ^ (z + 1) == b ^ z * b.
Proof. rewrite Qpower_plus by (pose proof b_pos; lra); reflexivity. Qed.

Lemma bpow_pred z : b ^ (z - 1) == b ^ z / b.
Proof.
  rewrite <- (Z.sub_add 1 z) at 2; rewrite bpow_S.
  field; pose proof b_pos; lra.
Qed.

(** The invariant after K mistakes, mp on positives and mn on negatives: every weight
    positive, every relevant weight a power b^E of b = 1 + ε with E ≤ L, the product of the
    relevant weights at least b^{k·mp − (k−1)·mn}, the total weight at most
    n·(1 + ε·mp − (ε/(1+ε))·mn). *)
Definition k_of_r_inv (K : nat) (w : vec) : Prop :=
  exists mp mn, K = (mp + mn)%nat /\ length w = n /\ positive_weights w /\
    (forall i, In i rel -> exists E, nth i w 0 == b ^ E /\ (E <= Z.of_nat L)%Z) /\
    b ^ (kz * Z.of_nat mp - (kz - 1) * Z.of_nat mn) <= product_at rel w /\
    total w <= Qnat n * (1 + eps * Qk mp - eps / b * Qk mn).

Lemma positive_nonneg w : length w = n -> positive_weights w -> nonneg w.
Proof.
  intros Hl Hw i; destruct (Nat.lt_ge_cases i (length w)) as [H|H].
  - apply Qlt_le_weak, Hw, H.
  - rewrite nth_overflow by exact H; apply Qle_refl.
Qed.

Lemma k_of_r_start : k_of_r_inv 0 (ones n).
Proof.
  exists 0%nat, 0%nat; split; [reflexivity|].
  split; [apply repeat_length|].
  split; [intros i Hi; unfold ones in Hi; rewrite repeat_length in Hi; rewrite nth_ones;
          assert (E : (i <? n)%nat = true) by (apply Nat.ltb_lt; exact Hi); rewrite E; lra|].
  split.
  - intros i Hi; exists 0%Z; split; [|lia].
    rewrite nth_ones; assert (E : (i <? n)%nat = true) by (apply Nat.ltb_lt, Hrel, Hi).
    rewrite E; reflexivity.
  - split.
    + rewrite product_at_ones by exact Hrel.
      replace (kz * Z.of_nat 0 - (kz - 1) * Z.of_nat 0)%Z with 0%Z by lia; apply Qle_refl.
    + rewrite total_ones; change (Qk 0) with 0.
      assert (Qnat n * (1 + eps * 0 - eps / b * 0) == Qnat n) by ring. lra.
Qed.

Lemma k_of_r_step K w x y :
  In (x, y) D -> k_of_r_inv K w ->
  k_of_r_inv (if o_mistake (winnow_learner (k_of_r k) n w x y) then S K else K)
             (o_weights (winnow_learner (k_of_r k) n w x y)).
Proof.
  intros Hin [mp [mn [HK [Hlen [Hpos [Hpow [Hprod Htot]]]]]]].
  destruct (HD x y Hin) as [Hx Hy].
  assert (Hxw : length x = length w) by congruence.
  assert (Hnn : nonneg w) by (apply positive_nonneg; assumption).
  pose proof b_gt_1 as Hb1; pose proof eps_pos as Heps.
  assert (Hbnz : ~ b == 0) by lra.
  assert (Hinvnz : ~ / b == 0).
  { intros E; assert (H1 : b * / b == 1) by (apply Qmult_inv_r; exact Hbnz).
    rewrite E in H1; lra. }
  unfold winnow_learner, winnow_step; cbn [o_mistake o_weights].
  fold eps b.
  destruct (Qle_bool (Qnat n) (wdot w x)) eqn:Hpred; destruct y; cbn [label_eqb negb];
    try (exists mp, mn; repeat split; assumption).
  - (* a mistake on a negative: at most k − 1 relevant variables on, divided by b *)
    apply Qle_bool_iff in Hpred.
    assert (Hfew : (count_on rel x < Pos.to_nat k)%nat).
    { destruct (Pos.to_nat k <=? count_on rel x)%nat eqn:E; [discriminate|].
      apply Nat.leb_gt in E; exact E. }
    exists mp, (S mn); split; [lia|].
    split; [rewrite on_active_length; assumption|].
    split.
    { intros i Hi; rewrite on_active_length in Hi by exact Hxw.
      rewrite nth_on_active by exact Hxw; destruct (nth i x false); [|apply Hpos, Hi].
      rewrite demote_eq; apply Qlt_shift_div_l; [lra|]; pose proof (Hpos i Hi); lra. }
    split.
    { intros i Hi; destruct (Hpow i Hi) as [E [HE HEL]].
      rewrite nth_on_active by exact Hxw; destruct (nth i x false); [|exists E; auto].
      exists (E - 1)%Z; split; [rewrite demote_eq, HE, bpow_pred; reflexivity | lia]. }
    split.
    { rewrite (product_scale (demote eps) (/ b)) by (assumption || (intros a; rewrite demote_eq; reflexivity)).
      rewrite Qinv_power, <- Qpower_opp.
      replace (kz * Z.of_nat mp - (kz - 1) * Z.of_nat (S mn))%Z
        with ((kz * Z.of_nat mp - (kz - 1) * Z.of_nat mn) + - (kz - 1))%Z by lia.
      rewrite Qpower_plus by exact Hbnz.
      apply Qmult_le_compat_nonneg; split.
      - apply Qpower_0_le; lra.
      - exact Hprod.
      - apply Qpower_0_le; lra.
      - apply Qpower_le_compat_l; [unfold kz; lia | lra]. }
    rewrite (total_scale (demote eps) (/ b)) by (assumption || (intros a; rewrite demote_eq; reflexivity)).
    rewrite Qk_S.
    assert (Hq : / b - 1 == - (eps / b)) by (unfold b; field; lra).
    rewrite Hq.
    assert (Heb : 0 < eps / b) by (apply Qlt_shift_div_l; lra).
    assert (eps / b * Qnat n <= eps / b * wdot w x) by (apply Qmult_le_compat_l; lra).
    lra.
  - (* a mistake on a positive: at least k relevant variables on, multiplied by b *)
    assert (Hlt : wdot w x < Qnat n).
    { apply Qnot_le_lt; intros H; apply Qle_bool_iff in H; congruence. }
    assert (Hmany : (Pos.to_nat k <= count_on rel x)%nat).
    { destruct (Pos.to_nat k <=? count_on rel x)%nat eqn:E; [apply Nat.leb_le; exact E | discriminate]. }
    exists (S mp), mn; split; [lia|].
    split; [rewrite on_active_length; assumption|].
    split.
    { intros i Hi; rewrite on_active_length in Hi by exact Hxw.
      rewrite nth_on_active by exact Hxw; destruct (nth i x false); [|apply Hpos, Hi].
      rewrite promote_eq; pose proof (Hpos i Hi); nra. }
    split.
    { intros i Hi; destruct (Hpow i Hi) as [E [HE HEL]].
      rewrite nth_on_active by exact Hxw; destruct (nth i x false) eqn:Exi; [|exists E; auto].
      exists (E + 1)%Z; split; [rewrite promote_eq, HE, bpow_S; reflexivity|].
      (* b^E = wᵢ ≤ w·x < n ≤ b^L, so E < L *)
      pose proof (active_le_wdot w x i Hnn Exi) as Hle.
      assert (HEL' : (E < Z.of_nat L)%Z).
      { apply (Qpower_lt_compat_l_inv b); [|exact Hb1].
        rewrite <- HE; unfold b, eps; lra. }
      lia. }
    split.
    { rewrite (product_scale (promote eps) b) by (assumption || (intros a; rewrite promote_eq; reflexivity)).
      replace (kz * Z.of_nat (S mp) - (kz - 1) * Z.of_nat mn)%Z
        with ((kz * Z.of_nat mp - (kz - 1) * Z.of_nat mn) + kz)%Z by lia.
      rewrite Qpower_plus by exact Hbnz.
      apply Qmult_le_compat_nonneg; split.
      - apply Qpower_0_le; lra.
      - exact Hprod.
      - apply Qpower_0_le; lra.
      - apply Qpower_le_compat_l; [unfold kz; lia | lra]. }
    rewrite (total_scale (promote eps) b) by (assumption || (intros a; rewrite promote_eq; reflexivity)).
    rewrite Qk_S.
    assert (Hq : b - 1 == eps) by (unfold b; ring).
    rewrite Hq.
    assert (eps * wdot w x <= eps * Qnat n) by (apply Qmult_le_compat_l; lra).
    lra.
Qed.

End KofR.

Lemma product_le_bpow (b : Q) L' rel w :
  1 <= b -> nonneg w ->
  (forall i, In i rel -> exists E, nth i w 0 == b ^ E /\ (E <= Z.of_nat L')%Z) ->
  product_at rel w <= b ^ (Z.of_nat L' * Z.of_nat (length rel)).
Proof.
  intros Hb Hw H; induction rel as [|i rel IH]; cbn [product_at fold_right length].
  - rewrite Z.mul_0_r; apply Qle_refl.
  - fold (product_at rel w).
    rewrite Nat2Z.inj_succ, Z.mul_succ_r, Qpower_plus by lra.
    rewrite Qmult_comm.
    destruct (H i (or_introl eq_refl)) as [E [HE HEL]].
    apply Qmult_le_compat_nonneg; split.
    + apply product_at_nonneg, Hw.
    + apply IH; intros j Hj; apply H; right; exact Hj.
    + apply Hw.
    + rewrite HE; apply Qpower_le_compat_l; [exact HEL | exact Hb].
Qed.

Lemma total_pos w : (1 <= length w)%nat -> positive_weights w -> 0 < total w.
Proof.
  destruct w as [|a w]; cbn [length]; intros Hl Hw; [lia|].
  clear Hl.
  cbn [total fold_right]; fold (total w).
  assert (0 < a) by exact (Hw 0%nat ltac:(cbn; lia)).
  assert (0 <= total w).
  { apply total_nonneg; intros i; destruct (Nat.lt_ge_cases i (length w)) as [Hi|Hi].
    - apply Qlt_le_weak, (Hw (S i)); cbn; lia.
    - rewrite nth_overflow by exact Hi; apply Qle_refl. }
  lra.
Qed.

Lemma epsilon_eq k : epsilon k == 1 / (2 * (Z.pos k # 1)).
Proof. unfold epsilon, Qeq, Qdiv, Qinv; cbn; lia. Qed.

Lemma inject_Z_sub a c : inject_Z (a - c) == inject_Z a - inject_Z c.
Proof. unfold Qeq; cbn; lia. Qed.

Theorem winnow_k_of_r_mistake_bound :
  forall (k : positive) (bias : bool) (epochs : epochs_option) (fuel : nat)
         (D : list (bvec * label)) (rel : list nat) (n L : nat),
  D <> [] -> (1 <= n)%nat -> (forall i, In i rel -> (i < n)%nat) ->
  Qnat n <= (1 + epsilon k) ^ Z.of_nat L ->
  (forall x y, In (x, y) D ->
     let x' := if bias then true :: x else x in
     length x' = n /\
     y = (if (Pos.to_nat k <=? length (filter (fun i => nth i x' false) rel))%nat
          then pos else neg)) ->
  Qk (mistakes (run_winnow (k_of_r k) bias epochs fuel D))
    <= winnow_k_of_r_bound (Qk (length rel)) (Z.pos k # 1) (Qk L).
Proof.
  intros k bias epochs fuel D rel n L Hne Hn Hrel HL HD.
  set (D' := with_bias bias (cons true) D).
  assert (HD' : forall x y, In (x, y) D' ->
    length x = n /\ y = (if (Pos.to_nat k <=? count_on rel x)%nat then pos else neg)).
  { intros x y Hin; destruct (in_with_bias bias (cons true) D x y Hin) as [x0 [H0 E]].
    subst x; exact (HD x0 y H0). }
  assert (Hdim : bdimension D' = n).
  { destruct D as [|[x0 y0] D0]; [contradiction|].
    assert (Hfirst : In (if bias then true :: x0 else x0, y0) D')
      by (unfold D', with_bias; destruct bias; left; reflexivity).
    destruct (HD' _ _ Hfirst) as [Hlen0 _].
    unfold D', with_bias, bdimension; destruct bias; exact Hlen0. }
  unfold run_winnow; fold D'; rewrite Hdim.
  assert (Hinv : k_of_r_inv k n L rel
    (mistakes (run (winnow_learner (k_of_r k) n) (ones n) epochs fuel D'))
    (t_weights (run (winnow_learner (k_of_r k) n) (ones n) epochs fuel D'))).
  { apply run_inv.
    - intros K w x y Hin Hw; eapply k_of_r_step; eauto.
    - eapply k_of_r_start; eauto. }
  destruct Hinv as [mp [mn [HK [Hlen [Hpos [Hpow [Hprod Htot]]]]]]].
  set (b := 1 + epsilon k) in *.
  assert (Hb1 : 1 < b) by (unfold b; rewrite epsilon_eq; assert (0 < 1 / (2 * (Z.pos k # 1)))
                             by (apply Qlt_shift_div_l; [reflexivity | lra]); lra).
  (* k·mp − (k−1)·mn ≤ rL, from the product *)
  assert (HA : (Z.of_nat (Pos.to_nat k) * Z.of_nat mp - (Z.of_nat (Pos.to_nat k) - 1) * Z.of_nat mn
                <= Z.of_nat L * Z.of_nat (length rel))%Z).
  { apply (Qpower_le_compat_l_inv b); [|exact Hb1].
    pose proof (product_le_bpow b L rel _ ltac:(lra)
                  (positive_nonneg n _ Hlen Hpos) Hpow).
    lra. }
  (* ε/(1+ε)·mn < 1 + ε·mp, from the total weight *)
  assert (Htpos : 0 < total (t_weights (run (winnow_learner (k_of_r k) n) (ones n) epochs fuel D')))
    by (apply total_pos; [lia | exact Hpos]).
  assert (HB : 0 < 1 + epsilon k * Qk mp - epsilon k / b * Qk mn).
  { destruct (Qlt_le_dec 0 (1 + epsilon k * Qk mp - epsilon k / b * Qk mn)) as [H|H]; [exact H|].
    exfalso; assert (Hnq : 1 <= Qnat n) by (apply Qk_pos; lia).
    assert (Qnat n * (1 + epsilon k * Qk mp - epsilon k / b * Qk mn) <= 0) by nra.
    lra. }
  rewrite HK.
  assert (Hsum : Qk (mp + mn) == Qk mp + Qk mn)
    by (unfold Qk; rewrite Nat2Z.inj_add, inject_Z_plus; reflexivity).
  rewrite Hsum.
  apply k_of_r_algebra.
  - unfold Qle; cbn; lia.
  - apply Qk_nonneg.
  - apply Qk_nonneg.
  - apply Qk_nonneg.
  - apply Qk_nonneg.
  - (* HA in ℚ *)
    rewrite Zle_Qle in HA.
    rewrite inject_Z_sub, !inject_Z_mult, inject_Z_sub in HA.
    assert (Hkq : inject_Z (Z.of_nat (Pos.to_nat k)) == Z.pos k # 1)
      by (rewrite positive_nat_Z; reflexivity).
    rewrite Hkq in HA; unfold Qk.
    change (inject_Z 1) with 1 in HA.
    setoid_replace (inject_Z (Z.of_nat (length rel)) * inject_Z (Z.of_nat L))
      with (inject_Z (Z.of_nat L) * inject_Z (Z.of_nat (length rel))) by ring.
    exact HA.
  - unfold b in HB; rewrite epsilon_eq in HB; lra.
Qed.
