(** * Winnow's mistake bounds, about the definitions of [Winnow.v]

    [spec/theorems/winnow/disjunction.md] proves M ≤ 2r⌈log₂ n⌉ + 1 from 25 bookkeeping
    premises about the weights, never shown to hold for a Winnow.  Here the bound is proved
    about [run_winnow disjunction] itself — any passes, to convergence with any fuel, with or
    without the bias — on examples labelled by a monotone disjunction of the variables
    S = {i₁, …, i_r} (r = |S|) of the n features (the bias's included).

    The proof (Littlestone 1988): a relevant weight is always a power of 2 (a negative
    example has no relevant variable on, so it is never zeroed), doubled only while
    wᵢ ≤ w·x < n ≤ 2^⌈log₂ n⌉, so it stays ≤ 2^⌈log₂ n⌉; every mistake on a positive doubles at
    least one of them, so the product of the relevant weights, at most 2^{r⌈log₂ n⌉}, is at
    least 2^{M₊}: M₊ ≤ r⌈log₂ n⌉.  The total weight starts at n, grows by w·x < n on a
    mistake on a positive, shrinks by w·x ≥ n on a mistake on a negative, and stays ≥ 0:
    M₋ ≤ M₊ + 1. *)

From Coq Require Import QArith Qreduction Lqa List Lia.
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
