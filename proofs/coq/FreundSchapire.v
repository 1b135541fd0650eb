(** * Freund–Schapire (Gormley slide 35), about the definitions, in a fixed dimension

    [spec/theorems/perceptron/freund-schapire.md] proves M ≤ ((R + D)/γ)² for an abstract
    sequence, assuming D > 0 and M fresh orthonormal directions as hypotheses.  Here the
    theorem is about one pass of [run_perceptron] on data in ℚᵈ (the dimension the data
    have), for every online perceptron (every tie rule), any η > 0, with or without the
    bias, and D ≥ 0 (D = 0 included).  The fresh directions are not assumed: the proof
    builds them, embedding the data in ℚ^{d+n} (one new coordinate per example), shows that
    the run on the embedded data — the same function [run_perceptron] — makes exactly the
    mistakes of the original run, and applies the mistake bound proved about the
    definitions ([Novikoff.mistake_bound]) to it.

    Stated scale-free, with upper bounds in ℚ: if ‖u‖² ≤ N², every ‖x‖² ≤ R² and
    Σᵢ dᵢ² ≤ Dev² with dᵢ = max(0, γ − yᵢ⟨u, xᵢ⟩), then k·γ² ≤ (R·N + Dev)²; at N = 1 this is
    the slide's k ≤ ((R + D)/γ)².  R, N, Dev are any rationals bounding the true (possibly
    irrational) norms, so the bound holds for the exact values as well, by taking rationals
    that approach them.

    The proof, after Freund & Schapire (1999): with a rational a > 0, example i becomes
    xᵢ' = (xᵢ, a·eᵢ) and u' = (u, v) with vᵢ = yᵢdᵢ/a, so that yᵢ⟨u', xᵢ'⟩ = yᵢ⟨u, xᵢ⟩ + dᵢ ≥ γ,
    ‖xᵢ'‖² ≤ R² + a² and ‖u'‖² ≤ N² + Dev²/a²: the mistake bound gives
    k·γ² ≤ (R² + a²)(N² + Dev²/a²) = (RN + Dev)² + (R·Dev/a − aN)².  The last square can be
    made as small as we like with a rational a (the best a, √(R·Dev/N), is seldom rational),
    so k·γ² ≤ (RN + Dev)². *)

From Coq Require Import QArith Qreduction Qminmax Lqa List Lia.
From PerceptronRef Require Import Vectors Perceptron Runs Bounds Novikoff.
Import ListNotations.
Open Scope Q_scope.

(** ** The fresh coordinates *)

(** a·eᵢ in ℚⁿ. *)
Definition fresh (n i : nat) (a : Q) : vec :=
  map (fun j => if Nat.eqb j i then a else 0) (seq 0 n).

Lemma fresh_length n i a : length (fresh n i a) = n.
Proof. unfold fresh; rewrite map_length, seq_length; reflexivity. Qed.

Lemma dot_fresh_after z s i a :
  (i < s)%nat ->
  dot z (map (fun j => if Nat.eqb j i then a else 0) (seq s (length z))) == 0.
Proof.
  revert s; induction z as [|c z IH]; intros s Hs; cbn [length seq map dot]; [reflexivity|].
  destruct (Nat.eqb s i) eqn:E; [apply Nat.eqb_eq in E; lia|].
  rewrite IH by lia; ring.
Qed.

(** ⟨z, a·eᵢ⟩ = a·zᵢ, for i < n = ‖z‖'s dimension. *)
Lemma dot_fresh_from z s i a :
  (s <= i < s + length z)%nat ->
  dot z (map (fun j => if Nat.eqb j i then a else 0) (seq s (length z)))
    == a * nth (i - s) z 0.
Proof.
  revert s; induction z as [|c z IH]; intros s Hi; [simpl in Hi; lia|].
  cbn [length seq map dot].
  destruct (Nat.eqb s i) eqn:E.
  - apply Nat.eqb_eq in E; subst s; rewrite Nat.sub_diag; cbn [nth].
    rewrite dot_fresh_after by lia; ring.
  - apply Nat.eqb_neq in E.
    replace (i - s)%nat with (S (i - S s)) by lia; cbn [nth].
    rewrite IH by (simpl in Hi; lia); ring.
Qed.

Lemma dot_fresh z i a :
  (i < length z)%nat -> dot z (fresh (length z) i a) == a * nth i z 0.
Proof.
  intros Hi; unfold fresh; rewrite dot_fresh_from by lia; rewrite Nat.sub_0_r; reflexivity.
Qed.

Lemma nth_fresh n i a j : nth j (fresh n i a) 0 == if (j <? n)%nat && Nat.eqb j i then a else 0.
Proof.
  unfold fresh; destruct (j <? n)%nat eqn:Hj.
  - apply Nat.ltb_lt in Hj.
    rewrite (nth_indep _ 0 ((fun j => if Nat.eqb j i then a else 0) 0%nat))
      by (rewrite map_length, seq_length; lia).
    pose proof (map_nth (fun j0 => if Nat.eqb j0 i then a else 0) (seq 0 n) 0%nat j) as E.
    cbv beta in E; rewrite E, seq_nth by exact Hj; simpl; reflexivity.
  - apply Nat.ltb_ge in Hj; rewrite nth_overflow by (rewrite map_length, seq_length; lia).
    reflexivity.
Qed.

Lemma nth_vadd u v j :
  length u = length v -> nth j (vadd u v) 0 == nth j u 0 + nth j v 0.
Proof.
  revert v j; induction u as [|c u IH]; intros [|b v] j H; simpl in H; try discriminate.
  - destruct j; simpl; ring.
  - destruct j; cbn [vadd nth]; [apply Qred_correct | apply IH; lia].
Qed.

Lemma nth_vscale c u j : nth j (vscale c u) 0 == c * nth j u 0.
Proof.
  revert j; induction u as [|b u IH]; intros j; [destruct j; simpl; ring|].
  destruct j; cbn [vscale map nth]; [apply Qred_correct | apply IH].
Qed.

(** ** The embedded data: example i gets the fresh coordinate a·eᵢ *)

Definition embed_from (n i : nat) (a : Q) (L : list (vec * label)) : list (vec * label) :=
  map (fun '(j, (x, y)) => (x ++ fresh n j a, y)) (combine (seq i (length L)) L).

Lemma embed_from_cons n i a x y L :
  embed_from n i a ((x, y) :: L) = (x ++ fresh n i a, y) :: embed_from n (S i) a L.
Proof. reflexivity. Qed.

Definition embed (a : Q) (D : list (vec * label)) : list (vec * label) :=
  embed_from (length D) 0 a D.

(** The weights' fresh part: zero at every coordinate the pass has not reached. *)
Definition untouched (n i : nat) (z : vec) : Prop :=
  length z = n /\ forall j, (i <= j)%nat -> nth j z 0 == 0.

Section Embedding.

Context (rule : tie_rule) (eta a : Q) (d n : nat).

(** The pass on the embedded examples makes the mistakes of the pass on the examples. *)
Lemma pass_embedded e i L w z :
  length w = d -> (forall x y, In (x, y) L -> length x = d) ->
  untouched n i z -> (i + length L <= n)%nat ->
  count (fst (pass (perceptron_step rule eta) e i (w ++ z) (embed_from n i a L)))
  = count (fst (pass (perceptron_step rule eta) e i w L)).
Proof.
  revert i w z; induction L as [|[x y] L IH]; intros i w z Hw HL [Hz Hzero] Hn; [reflexivity|].
  rewrite embed_from_cons; cbn [pass].
  assert (Hx : length x = d) by (apply (HL x y); left; reflexivity).
  assert (HL' : forall x y, In (x, y) L -> length x = d)
    by (intros x0 y0 H; apply (HL x0 y0); right; exact H).
  cbn [length] in Hn.
  set (o1 := perceptron_step rule eta (w ++ z) (x ++ fresh n i a) y).
  set (o2 := perceptron_step rule eta w x y).
  (* the same score: ⟨w ++ z, x ++ a·eᵢ⟩ = ⟨w, x⟩ + a·zᵢ = ⟨w, x⟩ *)
  assert (Hs : Qred (dot (w ++ z) (x ++ fresh n i a)) = Qred (dot w x)).
  { apply Qred_complete; rewrite dot_app by congruence.
    subst n; rewrite dot_fresh by lia; rewrite (Hzero i (Nat.le_refl i)); ring. }
  assert (Hm : o_mistake o1 = o_mistake o2)
    by (unfold o1, o2, perceptron_step; cbn [o_mistake]; rewrite Hs; reflexivity).
  set (z' := if o_mistake o2 then vadd z (vscale (eta * y_of y) (fresh n i a)) else z).
  assert (Hw1 : o_weights o1 = o_weights o2 ++ z').
  { unfold z', o1, o2, perceptron_step; cbn [o_mistake o_weights]; rewrite Hs.
    destruct (negb (label_eqb (predict rule (Qred (dot w x)) y) y)); [|reflexivity].
    rewrite vscale_app, vadd_app by (rewrite vscale_length; congruence); reflexivity. }
  assert (Hw2 : length (o_weights o2) = d).
  { unfold o2, perceptron_step; cbn [o_weights].
    destruct (negb _); [rewrite vadd_length, vscale_length; lia | exact Hw]. }
  assert (Hz' : untouched n (S i) z').
  { unfold z'; destruct (o_mistake o2).
    - split.
      + rewrite vadd_length, vscale_length, fresh_length; lia.
      + intros j Hj; rewrite nth_vadd by (rewrite vscale_length, fresh_length; lia).
        rewrite nth_vscale, nth_fresh, Hzero by lia.
        destruct (Nat.eqb j i) eqn:Ej; [apply Nat.eqb_eq in Ej; lia|].
        rewrite Bool.andb_false_r; ring.
    - split; [exact Hz | intros j Hj; apply Hzero; lia]. }
  pose proof (IH (S i) (o_weights o2) z' Hw2 HL' Hz' ltac:(lia)) as H.
  rewrite Hw1.
  destruct (pass (perceptron_step rule eta) e (S i) (o_weights o2 ++ z') (embed_from n (S i) a L))
    as [r1 e1].
  destruct (pass (perceptron_step rule eta) e (S i) (o_weights o2) L) as [r2 e2].
  cbn [fst] in *; rewrite !count_cons; cbn [s_mistake]; rewrite Hm, H; reflexivity.
Qed.

End Embedding.

(** Where an embedded example comes from. *)
Lemma in_embed_from n s a L x' y :
  In (x', y) (embed_from n s a L) ->
  exists i x, (i < length L)%nat /\ nth i L ([], y) = (x, y) /\ x' = x ++ fresh n (s + i) a.
Proof.
  revert s; induction L as [|[x0 y0] L IH]; intros s; [intros []|].
  rewrite embed_from_cons; intros [E|Hin].
  - inversion E; subst; exists 0%nat, x0.
    split; [simpl; lia | split; [reflexivity | rewrite Nat.add_0_r; reflexivity]].
  - destruct (IH (S s) Hin) as [i [x [Hi [Hnth Hx]]]].
    exists (S i), x.
    split; [simpl; lia | split; [exact Hnth | rewrite Hx; do 2 f_equal; lia]].
Qed.

(** ** Rational approximation: (P − a²N)² ≤ ε·a² for some rational a > 0 *)

Lemma first_crossing P N h :
  0 < h -> 0 <= N -> 0 <= P ->
  forall J : nat, P <= (Qk J * h) * (Qk J * h) * N ->
  exists j : nat, (1 <= j)%nat /\ P <= (Qk j * h) * (Qk j * h) * N /\
    (j = 1%nat \/ (Qk (j - 1) * h) * (Qk (j - 1) * h) * N < P).
Proof.
  intros Hh HN HP J; induction J as [|J IH]; intros HJ.
  - exists 1%nat; split; [lia|split; [|left; reflexivity]].
    change (Qk 0) with 0 in HJ.
    assert (0 <= (Qk 1 * h) * (Qk 1 * h) * N)
      by (apply Qmult_le_0_compat; [apply sq_nonneg | exact HN]).
    assert (P <= 0) by (setoid_replace (0 * h * (0 * h) * N) with 0 in HJ by ring; exact HJ).
    lra.
  - destruct (Qlt_le_dec ((Qk J * h) * (Qk J * h) * N) P) as [Hlt|Hle].
    + destruct J as [|J].
      * exists 1%nat; split; [lia | split; [exact HJ | left; reflexivity]].
      * exists (S (S J)); split; [lia | split; [exact HJ | right]].
        replace (S (S J) - 1)%nat with (S J) by lia; exact Hlt.
    + exact (IH Hle).
Qed.

Lemma approximation P N eps :
  0 <= P -> 0 <= N -> 0 < eps ->
  exists a, 0 < a /\ (P - a * a * N) * (P - a * a * N) <= eps * (a * a).
Proof.
  intros HP HN He.
  destruct (Qeq_dec N 0) as [HN0|HN0].
  - (* N = 0: a large a, a ≥ 1 and a ≥ P²/ε *)
    exists (P * P / eps + 1); split.
    + assert (0 <= P * P / eps) by (apply Qle_shift_div_l; [exact He | nra]). lra.
    + rewrite HN0.
      set (a := P * P / eps + 1).
      assert (Ha : 1 <= a) by (assert (0 <= P * P / eps) by (apply Qle_shift_div_l; [exact He | nra]); unfold a; lra).
      assert (Hpa : P * P <= eps * a).
      { unfold a; setoid_replace (eps * (P * P / eps + 1)) with (P * P + eps) by (field; lra). lra. }
      assert (eps * a <= eps * (a * a)) by (apply Qmult_le_compat_l; [nra | lra]).
      setoid_replace (P - a * a * 0) with P by ring. lra.
  - assert (HNpos : 0 < N) by (apply Qle_lteq in HN as [H|H]; [exact H | exfalso; apply HN0; symmetry; exact H]).
    (* a step h with 4N²h² ≤ ε, and the first grid point jh where a²N reaches P *)
    set (h := eps / (4 * (N * N) + eps)).
    assert (Hden : 0 < 4 * (N * N) + eps) by (assert (0 <= N * N) by apply sq_nonneg; lra).
    assert (Hh : 0 < h) by (unfold h; apply Qlt_shift_div_l; lra).
    assert (Hh1 : h <= 1) by (unfold h; apply Qle_shift_div_r; [exact Hden | assert (0 <= N * N) by apply sq_nonneg; lra]).
    assert (Hh_eq : h * (4 * (N * N) + eps) == eps) by (unfold h; field; lra).
    assert (H4 : 4 * (N * N) * h <= eps).
    { assert (0 <= eps * h) by (apply Qmult_le_0_compat; lra). lra. }
    assert (H4h : 4 * (N * N) * (h * h) <= eps).
    { assert (4 * (N * N) * (h * h) <= 4 * (N * N) * h).
      { setoid_replace (4 * (N * N) * (h * h)) with (4 * (N * N) * h * h) by ring.
        setoid_replace (4 * (N * N) * h) with (4 * (N * N) * h * 1) at 2 by ring.
        apply Qmult_le_compat_l; [exact Hh1 | assert (0 <= N * N) by apply sq_nonneg; nra]. }
      lra. }
    destruct (Qarchimedean (P / (h * h * N))) as [J HJ].
    assert (HJ' : P <= (Qk (Pos.to_nat J) * h) * (Qk (Pos.to_nat J) * h) * N).
    { assert (HJq : Qk (Pos.to_nat J) == Z.pos J # 1) by (unfold Qk; rewrite positive_nat_Z; reflexivity).
      rewrite HJq.
      assert (Hhn : 0 < h * h * N) by (apply Qmult_lt_0_compat; [nra | exact HNpos]).
      assert (HJ2 : P < (Z.pos J # 1) * (h * h * N)).
      { setoid_replace P with (P / (h * h * N) * (h * h * N)) at 1
          by (field; repeat split; intro; nra).
        apply Qmult_lt_compat_r; assumption. }
      assert (H1 : 1 <= Z.pos J # 1) by (unfold Qle; simpl; lia).
      assert ((Z.pos J # 1) * (h * h * N) <= (Z.pos J # 1) * (Z.pos J # 1) * (h * h * N)).
      { setoid_replace ((Z.pos J # 1) * (Z.pos J # 1) * (h * h * N))
          with ((Z.pos J # 1) * (h * h * N) * (Z.pos J # 1)) by ring.
        setoid_replace ((Z.pos J # 1) * (h * h * N)) with ((Z.pos J # 1) * (h * h * N) * 1) at 1 by ring.
        apply Qmult_le_compat_l; [exact H1 | nra]. }
      setoid_replace ((Z.pos J # 1) * h * ((Z.pos J # 1) * h) * N)
        with ((Z.pos J # 1) * (Z.pos J # 1) * (h * h * N)) by ring.
      lra. }
    destruct (first_crossing P N h Hh HN HP _ HJ') as [j [Hj1 [Hup Hlow]]].
    exists (Qk j * h).
    assert (Hjq : 1 <= Qk j) by (apply Qk_pos; lia).
    split; [nra|].
    set (a := Qk j * h) in *.
    assert (Ha : h <= a) by (unfold a; nra).
    (* 0 ≤ a²N − P ≤ 2Nha, so (P − a²N)² ≤ 4N²h²a² ≤ εa² *)
    assert (Hgap : a * a * N - P <= 2 * N * h * a).
    { destruct Hlow as [E|Hlt].
      - subst j; assert (Qk 1 == 1) by reflexivity.
        assert (Ha1 : a == h) by (unfold a; rewrite H; ring).
        rewrite Ha1.
        assert (0 <= h * h * N) by (apply Qmult_le_0_compat; [apply sq_nonneg | lra]).
        assert (h * h * N <= 2 * N * h * h) by nra. lra.
      - assert (Hprev : Qk (j - 1) == Qk j - 1).
        { destruct j as [|j]; [lia|]. rewrite Qk_S. replace (S j - 1)%nat with j by lia. ring. }
        rewrite Hprev in Hlt.
        setoid_replace ((Qk j - 1) * h * ((Qk j - 1) * h) * N)
          with (a * a * N - 2 * N * h * a + h * h * N) in Hlt by (unfold a; ring).
        assert (0 <= h * h * N) by (apply Qmult_le_0_compat; [apply sq_nonneg | lra]).
        lra. }
    assert (Hnonneg : 0 <= a * a * N - P) by lra.
    assert (Hsq : (a * a * N - P) * (a * a * N - P) <= (2 * N * h * a) * (2 * N * h * a))
      by (apply Qmult_le_compat_nonneg; lra).
    setoid_replace ((P - a * a * N) * (P - a * a * N)) with ((a * a * N - P) * (a * a * N - P)) by ring.
    setoid_replace ((2 * N * h * a) * (2 * N * h * a)) with (4 * (N * N) * (h * h) * (a * a)) in Hsq by ring.
    assert (4 * (N * N) * (h * h) * (a * a) <= eps * (a * a)) by (apply Qmult_le_compat_r; [exact H4h | apply sq_nonneg]).
    lra.
Qed.

(** From k·γ² ≤ B + ε for every ε > 0, k·γ² ≤ B. *)
Lemma le_of_le_plus_eps X B : (forall eps, 0 < eps -> X <= B + eps) -> X <= B.
Proof.
  intros H; destruct (Qlt_le_dec B X) as [Hlt|Hle]; [|exact Hle].
  exfalso; specialize (H ((X - B) / 2) ltac:(apply Qlt_shift_div_l; lra)).
  assert (Heq : B + (X - B) / 2 == X / 2 + B / 2) by field.
  rewrite Heq in H.
  assert (Hx : X == X / 2 + X / 2) by field.
  assert (HB : B / 2 < X / 2) by (apply Qmult_lt_compat_r; [reflexivity | exact Hlt]).
  lra.
Qed.

(** ** The theorem *)

(** dᵢ = max(0, γ − yᵢ⟨u, xᵢ⟩), the deviation of example i from margin γ. *)
Definition deviation (u : vec) (gamma : Q) (x : vec) (y : label) : Q :=
  Qmax 0 (gamma - y_of y * dot u x).

Definition deviations2 (u : vec) (gamma : Q) (D : list (vec * label)) : Q :=
  fold_right (fun '(x, y) total => deviation u gamma x y * deviation u gamma x y + total) 0 D.

(** u's fresh part: vᵢ = yᵢdᵢ/a. *)
Definition lift (u : vec) (gamma a : Q) (D : list (vec * label)) : vec :=
  map (fun '(x, y) => y_of y * deviation u gamma x y / a) D.

Lemma lift_norm u gamma a D :
  0 < a -> dot (lift u gamma a D) (lift u gamma a D) == deviations2 u gamma D / (a * a).
Proof.
  intros Ha; induction D as [|[x y] D IH]; cbn [lift map dot deviations2 fold_right].
  - field; lra.
  - fold (lift u gamma a D); fold (deviations2 u gamma D); rewrite IH.
    assert (Hy : y_of y * y_of y == 1) by (destruct y; reflexivity).
    setoid_replace (y_of y * deviation u gamma x y / a * (y_of y * deviation u gamma x y / a))
      with (y_of y * y_of y * (deviation u gamma x y * deviation u gamma x y) / (a * a))
      by (field; lra).
    rewrite Hy; field; lra.
Qed.

Lemma lift_length u gamma a D : length (lift u gamma a D) = length D.
Proof. apply map_length. Qed.

Lemma nth_map_lt {A B} (f : A -> B) l i d d' :
  (i < length l)%nat -> nth i (map f l) d' = f (nth i l d).
Proof. intros Hi; rewrite (nth_indep _ d' (f d)) by (rewrite map_length; exact Hi); apply map_nth. Qed.

Lemma nth_lift u gamma a D i x y :
  (i < length D)%nat -> nth i D ([], y) = (x, y) ->
  nth i (lift u gamma a D) 0 = y_of y * deviation u gamma x y / a.
Proof.
  intros Hi Hnth; unfold lift; rewrite (nth_map_lt _ _ _ ([], y) _ Hi), Hnth; reflexivity.
Qed.

(** One pass of an online perceptron: its mistakes are those of the pass. *)
Lemma one_pass_mistakes p bias eta fuel D :
  is_batch p = false ->
  mistakes (run_perceptron p bias eta (Passes 1) fuel D)
  = count (fst (pass (perceptron_step (tie_rule_of p) eta) 1 0
                  (vzero (dimension (with_bias bias augment D))) (with_bias bias augment D))).
Proof.
  intros Hb; unfold run_perceptron, run; rewrite Hb; cbn [passes].
  destruct (pass _ 1 0 _ _) as [st w]; cbn; unfold mistakes; cbn.
  rewrite app_nil_r; reflexivity.
Qed.

Lemma vzero_app d n : vzero (d + n) = vzero d ++ vzero n.
Proof. apply repeat_app. Qed.

Lemma nth_vzero n j : nth j (vzero n) 0 = 0.
Proof.
  unfold vzero; destruct (Nat.lt_ge_cases j n) as [H|H].
  - apply nth_repeat.
  - apply nth_overflow; rewrite repeat_length; exact H.
Qed.

Lemma deviations_with_bias (bias : bool) (u : vec) (gamma : Q) (D : list (vec * label)) :
  fold_right (fun '(x, y) total =>
                let x' := if bias then augment x else x in
                let d := Qmax 0 (gamma - y_of y * dot u x') in
                d * d + total) 0 D
  = deviations2 u gamma (with_bias bias augment D).
Proof.
  unfold deviations2, deviation, with_bias.
  destruct bias; [|reflexivity].
  induction D as [|[x y] D IH]; [reflexivity|].
  cbn [map fold_right]; rewrite IH; reflexivity.
Qed.

Section ForA.

Context (p : perceptron) (eta : Q) (fuel : nat) (D : list (vec * label)) (u : vec)
        (gamma R N Dev : Q).
Context (Hb : is_batch p = false) (Hne : D <> []) (Heta : 0 < eta) (Hgamma : 0 < gamma).
Context (HR : 0 <= R) (HN : 0 <= N) (HDev : 0 <= Dev) (Hu : dot u u <= N * N).
Context (HD : forall x y, In (x, y) D -> length x = length u /\ dot x x <= R * R).
Context (Hdev : deviations2 u gamma D <= Dev * Dev).

(** The bound from the embedding with fresh coordinate a: (R² + a²)(N² + Dev²/a²). *)
Lemma embedded_bound a :
  0 < a ->
  Qk (count (fst (pass (perceptron_step (tie_rule_of p) eta) 1 0 (vzero (dimension D)) D)))
    * (gamma * gamma)
  <= (R * R + a * a) * (N * N + Dev * Dev / (a * a)).
Proof.
  intros Ha.
  set (n := length D); set (d := length u); set (E := embed a D).
  set (v := lift u gamma a D).
  assert (Hdim : dimension D = d).
  { destruct D as [|[x0 y0] D0]; [contradiction|]; cbn; apply (HD x0 y0); left; reflexivity. }
  (* the embedded run makes the same mistakes *)
  assert (Hsame : count (fst (pass (perceptron_step (tie_rule_of p) eta) 1 0 (vzero (d + n)) E))
                  = count (fst (pass (perceptron_step (tie_rule_of p) eta) 1 0 (vzero d) D))).
  { rewrite vzero_app; unfold E, embed.
    apply (pass_embedded (tie_rule_of p) eta a d n 1 0 D (vzero d) (vzero n)).
    - apply vzero_length.
    - intros x y Hin; apply (HD x y Hin).
    - split; [apply vzero_length | intros j _; rewrite nth_vzero; reflexivity].
    - unfold n; cbn; apply Nat.le_refl. }
  assert (HdimE : dimension E = (d + n)%nat).
  { unfold E, embed; destruct D as [|[x0 y0] D0]; [contradiction|].
    rewrite embed_from_cons; cbn [dimension]; rewrite app_length, fresh_length.
    f_equal; apply (HD x0 y0); left; reflexivity. }
  assert (HEne : E <> []).
  { unfold E, embed; destruct D as [|[x0 y0] D0]; [contradiction|]; rewrite embed_from_cons; discriminate. }
  (* the embedded examples are separable by u' = (u, v) with margin γ and radius R² + a² *)
  assert (HE : forall x' y, In (x', y) E ->
    let x'' := if false then augment x' else x' in
    length x'' = length (u ++ v) /\ gamma <= y_of y * dot (u ++ v) x'' /\
    dot x'' x'' <= R * R + a * a).
  { intros x' y Hin x''; unfold x''; clear x''.
    destruct (in_embed_from n 0 a D x' y Hin) as [i [x [Hi [Hnth Hx']]]].
    assert (HinD : In (x, y) D) by (rewrite <- Hnth; apply nth_In; exact Hi).
    destruct (HD x y HinD) as [Hlen Hrad].
    cbn [Nat.add] in Hx'; subst x'.
    assert (Hvlen : length v = n) by apply lift_length.
    split; [|split].
    - rewrite !app_length, fresh_length, Hvlen; lia.
    - rewrite dot_app by congruence.
      replace n with (length v) by exact Hvlen.
      rewrite dot_fresh by lia.
      unfold v; rewrite (nth_lift u gamma a D i x y Hi Hnth).
      assert (Hdev_ge : gamma - y_of y * dot u x <= deviation u gamma x y) by apply Q.le_max_r.
      assert (Hyy : y_of y * y_of y == 1) by (destruct y; reflexivity).
      setoid_replace (y_of y * (dot u x + a * (y_of y * deviation u gamma x y / a)))
        with (y_of y * dot u x + y_of y * y_of y * deviation u gamma x y) by (field; lra).
      rewrite Hyy; lra.
    - rewrite dot_app by reflexivity.
      assert (Hf : dot (fresh n i a) (fresh n i a) == a * a).
      { pose proof (dot_fresh (fresh n i a) i a) as H; rewrite fresh_length in H.
        rewrite H by lia; rewrite nth_fresh.
        assert (Hi' : (i <? n)%nat = true) by (apply Nat.ltb_lt; lia).
        rewrite Hi', Nat.eqb_refl; reflexivity. }
      rewrite Hf; lra. }
  pose proof (mistake_bound p false eta (Passes 1) fuel E (u ++ v) gamma (R * R + a * a)
                HEne Heta Hgamma HE) as Hk.
  rewrite one_pass_mistakes in Hk by exact Hb.
  cbn [with_bias] in Hk; rewrite HdimE, Hsame, <- Hdim in Hk.
  (* ‖u'‖² = ‖u‖² + ‖v‖² ≤ N² + Dev²/a² *)
  assert (Huv : dot (u ++ v) (u ++ v) <= N * N + Dev * Dev / (a * a)).
  { rewrite dot_app by reflexivity; unfold v; rewrite lift_norm by exact Ha.
    assert (deviations2 u gamma D / (a * a) <= Dev * Dev / (a * a)).
    { apply Qmult_le_compat_r; [exact Hdev|].
      apply Qlt_le_weak, Qinv_lt_0_compat; nra. }
    lra. }
  assert (HRa : 0 <= R * R + a * a) by (pose proof (sq_nonneg R); pose proof (sq_nonneg a); lra).
  assert ((R * R + a * a) * dot (u ++ v) (u ++ v)
          <= (R * R + a * a) * (N * N + Dev * Dev / (a * a)))
    by (apply Qmult_le_compat_l; assumption).
  lra.
Qed.

End ForA.

Theorem freund_schapire :
  forall (p : perceptron) (bias : bool) (eta : Q) (fuel : nat) (D : list (vec * label))
         (u : vec) (gamma R N Dev : Q),
  is_batch p = false -> D <> [] -> 0 < eta -> 0 < gamma ->
  0 <= R -> 0 <= N -> 0 <= Dev -> dot u u <= N * N ->
  (forall x y, In (x, y) D ->
     let x' := if bias then augment x else x in
     length x' = length u /\ dot x' x' <= R * R) ->
  fold_right (fun '(x, y) total =>
                let x' := if bias then augment x else x in
                let d := Qmax 0 (gamma - y_of y * dot u x') in
                d * d + total) 0 D <= Dev * Dev ->
  Qk (mistakes (run_perceptron p bias eta (Passes 1) fuel D)) * (gamma * gamma)
    <= (R * N + Dev) * (R * N + Dev).
Proof.
  intros p bias eta fuel D u gamma R N Dev Hb Hne Heta Hgamma HR HN HDev Hu HD Hdev.
  set (D' := with_bias bias augment D).
  assert (HD' : forall x y, In (x, y) D' -> length x = length u /\ dot x x <= R * R).
  { intros x y Hin; destruct (in_with_bias bias augment D x y Hin) as [x0 [H0 E]].
    subst x; exact (HD x0 y H0). }
  assert (Hdev' : deviations2 u gamma D' <= Dev * Dev)
    by (unfold D'; rewrite <- deviations_with_bias; exact Hdev).
  rewrite one_pass_mistakes by exact Hb; fold D'.
  set (k := Qk (count (fst (pass (perceptron_step (tie_rule_of p) eta) 1 0
                               (vzero (dimension D')) D')))).
  apply le_of_le_plus_eps; intros eps Heps.
  assert (HP : 0 <= R * Dev) by (apply Qmult_le_0_compat; assumption).
  destruct (approximation (R * Dev) N eps HP HN Heps) as [a [Ha Happrox]].
  assert (HD'ne : D' <> []) by (unfold D', with_bias; destruct bias, D; cbn; congruence).
  assert (Hk : k * (gamma * gamma) <= (R * R + a * a) * (N * N + Dev * Dev / (a * a)))
    by (unfold k; eapply embedded_bound; eassumption).
  assert (Ha2 : 0 < a * a) by nra.
  assert (Hid : (R * R + a * a) * (N * N + Dev * Dev / (a * a))
                == (R * N + Dev) * (R * N + Dev)
                   + (R * Dev - a * a * N) * (R * Dev - a * a * N) / (a * a))
    by (field; lra).
  assert (Hsmall : (R * Dev - a * a * N) * (R * Dev - a * a * N) / (a * a) <= eps)
    by (apply Qle_shift_div_r; [exact Ha2 | exact Happrox]).
  lra.
Qed.

(** The slide's form, k ≤ ((R·N + D)/γ)², the bound of
    [perceptron_ref.bounds.freund_schapire_bound] at R·N (R when ‖u‖ ≤ 1). *)
Corollary freund_schapire_div :
  forall (p : perceptron) (bias : bool) (eta : Q) (fuel : nat) (D : list (vec * label))
         (u : vec) (gamma R N Dev : Q),
  is_batch p = false -> D <> [] -> 0 < eta -> 0 < gamma ->
  0 <= R -> 0 <= N -> 0 <= Dev -> dot u u <= N * N ->
  (forall x y, In (x, y) D ->
     let x' := if bias then augment x else x in
     length x' = length u /\ dot x' x' <= R * R) ->
  fold_right (fun '(x, y) total =>
                let x' := if bias then augment x else x in
                let d := Qmax 0 (gamma - y_of y * dot u x') in
                d * d + total) 0 D <= Dev * Dev ->
  Qk (mistakes (run_perceptron p bias eta (Passes 1) fuel D))
    <= freund_schapire_bound (R * N) Dev gamma.
Proof.
  intros p bias eta fuel D u gamma R N Dev Hb Hne Heta Hgamma HR HN HDev Hu HD Hdev.
  pose proof (freund_schapire p bias eta fuel D u gamma R N Dev Hb Hne Heta Hgamma HR HN HDev
                Hu HD Hdev) as H.
  unfold freund_schapire_bound.
  setoid_replace ((R * N + Dev) / gamma * ((R * N + Dev) / gamma))
    with ((R * N + Dev) * (R * N + Dev) / (gamma * gamma)) by (field; lra).
  apply Qle_shift_div_l; [nra | exact H].
Qed.
