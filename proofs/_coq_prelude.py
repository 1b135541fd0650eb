"""The Coq text every theorem's file starts with: the abstract real inner-product space (its
operations as section variables, its axioms as section hypotheses), the lemmas derived from
them, finite sums, ⌈·⌉, the logarithm facts and Cauchy–Schwarz (each proved here from Coq's
standard library), the induction over an integer range, and the tactics the generated proofs
use.  ``_coq`` includes the blocks a theorem needs."""

from __future__ import annotations

SPACE_VARIABLES = (
    ("V", "Type"),
    ("vzero", "V"),
    ("vadd", "V -> V -> V"),
    ("vscal", "R -> V -> V"),
    ("inner", "V -> V -> R"),
)
SPACE_AXIOMS = (
    ("vadd_assoc", "forall u v t : V, vadd u (vadd v t) = vadd (vadd u v) t"),
    ("vadd_comm", "forall u v : V, vadd u v = vadd v u"),
    ("vadd_zero", "forall v : V, vadd v vzero = v"),
    ("vadd_opp", "forall v : V, vadd v (vscal (-1) v) = vzero"),
    ("vscal_one", "forall v : V, vscal 1 v = v"),
    ("vscal_assoc", "forall (a b : R) (v : V), vscal a (vscal b v) = vscal (a * b) v"),
    ("vscal_add_r", "forall (a : R) (u v : V), vscal a (vadd u v) = vadd (vscal a u) (vscal a v)"),
    ("vscal_add_l", "forall (a b : R) (v : V), vscal (a + b) v = vadd (vscal a v) (vscal b v)"),
    ("inner_sym", "forall u v : V, inner u v = inner v u"),
    ("inner_add_l", "forall u v t : V, inner (vadd u v) t = inner u t + inner v t"),
    ("inner_scal_l", "forall (a : R) (u t : V), inner (vscal a u) t = a * inner u t"),
    ("inner_pos", "forall v : V, 0 <= inner v v"),
)

PRELUDE = r"""
Lemma inner_add_r : forall u v t : V, inner t (vadd u v) = inner t u + inner t v.
Proof. intros. rewrite inner_sym, inner_add_l, (inner_sym u t), (inner_sym v t). reflexivity. Qed.
Lemma inner_scal_r : forall (a : R) (u t : V), inner t (vscal a u) = a * inner t u.
Proof. intros. rewrite inner_sym, inner_scal_l, (inner_sym u t). reflexivity. Qed.
Lemma inner_zero_l : forall t : V, inner vzero t = 0.
Proof. intros. rewrite <- (vadd_opp t), inner_add_l, inner_scal_l. ring. Qed.
Lemma inner_zero_r : forall t : V, inner t vzero = 0.
Proof. intros. rewrite inner_sym. apply inner_zero_l. Qed.
Lemma vscal_zero_l : forall v : V, vscal 0 v = vzero.
Proof.
  intros v. set (z := vscal 0 v).
  assert (Zz : vadd z z = z) by (unfold z; rewrite <- vscal_add_l; f_equal; ring).
  rewrite <- (vadd_zero z) at 1. rewrite <- (vadd_opp z) at 1. rewrite vadd_assoc, Zz.
  apply vadd_opp.
Qed.
Lemma vadd_swap : forall a b c d : V, vadd (vadd a b) (vadd c d) = vadd (vadd a c) (vadd b d).
Proof. intros. rewrite <- !vadd_assoc. f_equal. rewrite !vadd_assoc. f_equal. apply vadd_comm. Qed.
Lemma vscal_zero_r : forall a : R, vscal a vzero = vzero.
Proof. intros. rewrite <- (vscal_zero_l vzero), vscal_assoc. rewrite Rmult_0_r. reflexivity. Qed.
Ltac expand := repeat (rewrite ?inner_add_l, ?inner_add_r, ?inner_scal_l, ?inner_scal_r,
  ?inner_zero_l, ?inner_zero_r in *).

Definition norm (v : V) : R := sqrt (inner v v).
Lemma norm_nonneg : forall v : V, 0 <= norm v.
Proof. intros. apply sqrt_pos. Qed.
Lemma norm_sq : forall v : V, norm v * norm v = inner v v.
Proof. intros. apply sqrt_sqrt, inner_pos. Qed.

(* Induction over an integer range, by induction on the nat distance from its start. *)
Lemma Zind_all : forall (P : Z -> Prop) (s e : Z), P s ->
  (forall n : Z, (s <= n < e)%Z -> P n -> P (n + 1)%Z) -> forall c : Z, (s <= c <= e)%Z -> P c.
Proof.
  intros P s e Hs Hstep.
  assert (H : forall k : nat, (Z.of_nat k <= e - s)%Z -> P (s + Z.of_nat k)%Z).
  { induction k as [|k IH]; intros Hk.
    - replace (s + Z.of_nat 0)%Z with s by lia. exact Hs.
    - replace (s + Z.of_nat (S k))%Z with (s + Z.of_nat k + 1)%Z by lia.
      apply Hstep. lia. apply IH. lia. }
  intros c Hc. replace c with (s + Z.of_nat (Z.to_nat (c - s)))%Z by lia. apply H. lia.
Qed.
Lemma Zind : forall (P : Z -> Prop) (s e : Z), (s <= e)%Z -> P s ->
  (forall n : Z, (s <= n < e)%Z -> P n -> P (n + 1)%Z) -> P e.
Proof. intros P s e Hse Hs Hstep. apply (Zind_all P s e Hs Hstep). lia. Qed.

Ltac destruct_ifs := repeat match goal with
  | |- context [if ?c then _ else _] => destruct c
  | H : context [if ?c then _ else _] |- _ => destruct c
  end.
(* Integer facts as real facts, and IZR pushed through + - * (lra reads reals). *)
Ltac zr1 H := match type of H with
  | (?a <= ?b <= ?c)%Z => pose proof (IZR_le _ _ (proj1 H)); pose proof (IZR_le _ _ (proj2 H))
  | (?a <= ?b < ?c)%Z => pose proof (IZR_le _ _ (proj1 H)); pose proof (IZR_lt _ _ (proj2 H))
  | (?a <= ?b)%Z => pose proof (IZR_le _ _ H)
  | (?a < ?b)%Z => pose proof (IZR_lt _ _ H)
  | (?a >= ?b)%Z => pose proof (IZR_ge _ _ H)
  | (?a > ?b)%Z => pose proof (IZR_lt _ _ (Z.gt_lt _ _ H))
  | @eq Z ?a ?b => pose proof (f_equal IZR H)
  | _ => idtac
  end.
Ltac izr := repeat progress (rewrite ?plus_IZR, ?minus_IZR, ?mult_IZR, ?opp_IZR in *).
(* Every integer fact as a real fact (the integer ones are consumed). *)
Ltac zr_all := repeat match goal with
  | H : (?a <= ?b <= ?c)%Z |- _ =>
      pose proof (IZR_le _ _ (proj1 H)); pose proof (IZR_le _ _ (proj2 H)); clear H
  | H : (?a <= ?b < ?c)%Z |- _ =>
      pose proof (IZR_le _ _ (proj1 H)); pose proof (IZR_lt _ _ (proj2 H)); clear H
  | H : (?a <= ?b)%Z |- _ => pose proof (IZR_le _ _ H); clear H
  | H : (?a < ?b)%Z |- _ => pose proof (IZR_lt _ _ H); clear H
  | H : (?a >= ?b)%Z |- _ => pose proof (IZR_ge _ _ H); clear H
  | H : (?a > ?b)%Z |- _ => pose proof (IZR_lt _ _ (Z.gt_lt _ _ H)); clear H
  | H : @eq Z ?a ?b |- _ => pose proof (f_equal IZR H); clear H
  end; izr.
(* Modus ponens with what the context already holds (lra and lia read no implications
   between atoms of the other's kind). *)
Ltac modus := repeat match goal with
  | H : _ /\ _ |- _ => destruct H
  | H : _ <-> _ |- _ => destruct H
  | H : ?A -> _, H' : ?A |- _ => specialize (H H')
  | H : ?a = ?a -> _ |- _ => specialize (H eq_refl)
  end.
(* Case by case on the disjunctions, each case's equation rewritten everywhere. *)
Ltac cases := repeat match goal with
  | H : _ \/ _ |- _ => destruct H as [H|H]; try rewrite H in *
  end.

(* Real algebra the steps share. *)
Lemma le_sq : forall a b : R, 0 <= b -> a * a <= b * b -> a <= b.
Proof. intros a b Hb H. destruct (Rle_or_lt a 0). lra. nra. Qed.
Lemma sqrt_bound : forall n r m : R, 0 <= n -> 0 < r -> 0 <= m -> n * n <= m * r ^ 2 ->
  n <= r * sqrt m.
Proof.
  intros n r m Hn Hr Hm H. apply le_sq. pose proof (sqrt_pos m). nra.
  replace (r * sqrt m * (r * sqrt m)) with (r ^ 2 * (sqrt m * sqrt m)) by ring.
  rewrite sqrt_sqrt by lra. lra.
Qed.
Lemma novikoff_algebra : forall g r m : R, 0 < g -> 0 < r -> 0 <= m -> g * m <= r * sqrt m ->
  m <= r ^ 2 / g ^ 2.
Proof.
  intros g r m Hg Hr Hm H.
  pose proof (sqrt_sqrt m Hm) as Sq. pose proof (sqrt_pos m) as Sp.
  assert (A : g * sqrt m <= r).
  { destruct (Rle_or_lt (sqrt m) 0) as [Z0|P].
    - assert (E : sqrt m = 0) by lra. rewrite E. lra.
    - apply (Rmult_le_reg_r (sqrt m)); [exact P|]. nra. }
  assert (B : g * g * m <= r * r).
  { assert (0 <= g * sqrt m) by nra. nra. }
  apply (Rmult_le_reg_r (g ^ 2)). apply pow_lt; lra.
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l, Rmult_1_r by (apply pow_nonzero; lra). nra.
Qed.
Lemma hinge_mul : forall g a h : R, g > 0 -> h = Rmax 0 (1 - a / g) -> g - g * h <= a.
Proof.
  intros g a h Hg E. subst h. unfold Rmax. destruct (Rle_dec _ _).
  - replace (g * (1 - a / g)) with (g - a) by (field; lra). lra.
  - assert (a / g >= 1) by lra. assert (a >= g).
    { apply (Rmult_ge_compat_r g) in H; [|lra]. unfold Rdiv in H.
      rewrite Rmult_assoc, Rinv_l, Rmult_1_r, Rmult_1_l in H by lra. exact H. }
    lra.
Qed.
Lemma hinge_algebra : forall g l m : R, 0 < g -> 0 <= m -> g * m - g * l <= sqrt m ->
  m <= 2 * l + / g ^ 2.
Proof.
  intros g l m Hg Hm H.
  pose proof (sqrt_sqrt m Hm) as Sq. pose proof (sqrt_pos m) as Sp.
  set (s := sqrt m) in *.
  assert (A : g * g * m <= g * s + g * g * l).
  { apply Rmult_le_compat_l with (r := g) in H; lra. }
  assert (B : 2 * (g * s) <= 1 + g * g * m).
  { pose proof (pow2_ge_0 (g * s - 1)). rewrite <- Sq. nra. }
  assert (C : g * g * m <= 1 + 2 * (g * g * l)) by lra.
  apply (Rmult_le_reg_l (g * g)). nra.
  rewrite Rmult_plus_distr_l. replace (g * g * / g ^ 2) with 1 by (field; lra). lra.
Qed.
"""

SUMS = r"""
(* Finite sums over an integer range a..b (empty when b < a). *)
Fixpoint rsum_n (f : Z -> R) (a : Z) (n : nat) : R :=
  match n with O => 0 | S k => rsum_n f a k + f (a + Z.of_nat k)%Z end.
Definition rsum (f : Z -> R) (a b : Z) : R := rsum_n f a (Z.to_nat (b - a + 1)).
Fixpoint vsum_n (f : Z -> V) (a : Z) (n : nat) : V :=
  match n with O => vzero | S k => vadd (vsum_n f a k) (f (a + Z.of_nat k)%Z) end.
Definition vsum (f : Z -> V) (a b : Z) : V := vsum_n f a (Z.to_nat (b - a + 1)).

Lemma inner_vsum_l : forall f a b t, inner (vsum f a b) t = rsum (fun i => inner (f i) t) a b.
Proof.
  intros f a b t. unfold vsum, rsum. generalize (Z.to_nat (b - a + 1)) as n.
  induction n as [|n IH]; simpl. apply inner_zero_l. rewrite inner_add_l, IH. reflexivity.
Qed.
Lemma inner_vsum_r : forall f a b t, inner t (vsum f a b) = rsum (fun i => inner t (f i)) a b.
Proof.
  intros. rewrite inner_sym, inner_vsum_l. unfold rsum.
  generalize (Z.to_nat (b - a + 1)) as n. induction n as [|n IH]; simpl. reflexivity.
  rewrite IH, inner_sym. reflexivity.
Qed.
Lemma rsum_n_ext : forall f g a n,
  (forall k, (k < n)%nat -> f (a + Z.of_nat k)%Z = g (a + Z.of_nat k)%Z) ->
  rsum_n f a n = rsum_n g a n.
Proof.
  intros f g a n. induction n as [|n IH]; intros E; simpl. reflexivity.
  rewrite IH, E. reflexivity. lia. intros; apply E; lia.
Qed.
Lemma rsum_ext : forall f g a b,
  (forall i, (a <= i <= b)%Z -> f i = g i) -> rsum f a b = rsum g a b.
Proof. intros. unfold rsum. apply rsum_n_ext. intros. apply H. lia. Qed.
Lemma rsum_n_scal : forall c f a n, rsum_n (fun i => c * f i) a n = c * rsum_n f a n.
Proof. intros. induction n as [|n IH]; simpl. ring. rewrite IH. ring. Qed.
Lemma rsum_scal : forall c f a b, rsum (fun i => c * f i) a b = c * rsum f a b.
Proof. intros. apply rsum_n_scal. Qed.
Lemma rsum_n_plus : forall f g a n, rsum_n (fun i => f i + g i) a n = rsum_n f a n + rsum_n g a n.
Proof. intros. induction n as [|n IH]; simpl. ring. rewrite IH. ring. Qed.
Lemma rsum_plus : forall f g a b, rsum (fun i => f i + g i) a b = rsum f a b + rsum g a b.
Proof. intros. apply rsum_n_plus. Qed.
Lemma rsum_n_zero : forall f a n,
  (forall k, (k < n)%nat -> f (a + Z.of_nat k)%Z = 0) -> rsum_n f a n = 0.
Proof.
  intros f a n. induction n as [|n IH]; intros E; simpl. reflexivity.
  rewrite IH, E. ring. lia. intros; apply E; lia.
Qed.
Lemma rsum_zero : forall f a b, (forall i, (a <= i <= b)%Z -> f i = 0) -> rsum f a b = 0.
Proof. intros. unfold rsum. apply rsum_n_zero. intros. apply H. lia. Qed.
Lemma rsum_n_delta : forall f a n k, (a <= k < a + Z.of_nat n)%Z ->
  rsum_n (fun i => f i * (if Z.eq_dec i k then 1 else 0)) a n = f k.
Proof.
  intros f a n k. induction n as [|n IH]; intros Hk; simpl. lia.
  destruct (Z.eq_dec (a + Z.of_nat n) k) as [E|E].
  - rewrite rsum_n_zero. subst k. ring.
    intros j Hj. destruct (Z.eq_dec (a + Z.of_nat j) k); [lia | ring].
  - rewrite IH. ring. lia.
Qed.
Lemma rsum_delta : forall f a b k, (a <= k <= b)%Z ->
  rsum (fun i => f i * (if Z.eq_dec i k then 1 else 0)) a b = f k.
Proof. intros. unfold rsum. apply rsum_n_delta. lia. Qed.
Lemma rsum_n_const : forall c a n, rsum_n (fun _ => c) a n = INR n * c.
Proof. intros. induction n as [|n IH]; simpl rsum_n. simpl. ring. rewrite IH, S_INR. ring. Qed.
Lemma rsum_const : forall c a b, (a <= b + 1)%Z -> rsum (fun _ => c) a b = IZR (b - a + 1) * c.
Proof. intros. unfold rsum. rewrite rsum_n_const, INR_IZR_INZ, Z2Nat.id by lia. reflexivity. Qed.
"""

CEILING = r"""
(* ⌈x⌉ = −⌊−x⌋, ⌊·⌋ the standard library's Int_part. *)
Definition Rceil (x : R) : Z := (- Int_part (- x))%Z.
Lemma Rceil_spec : forall (x : R) (z : Z), IZR z >= x <-> (z >= Rceil x)%Z.
Proof.
  intros x z. unfold Rceil. destruct (base_Int_part (- x)) as [H1 H2].
  set (f := Int_part (- x)) in *.
  split; intros H.
  - assert (A : IZR (- z) < IZR (f + 1)) by (rewrite opp_IZR, plus_IZR; lra).
    apply lt_IZR in A. lia.
  - assert (A : (- z <= f)%Z) by lia. apply IZR_le in A. rewrite opp_IZR in A. lra.
Qed.
"""

LOGS = r"""
Lemma log_increasing : forall a b : R, a > 0 -> a <= b -> ln a <= ln b.
Proof.
  intros a b Ha Hab. destruct (Req_dec a b) as [E|E]. subst. lra.
  left. apply ln_increasing; lra.
Qed.
Lemma log_power : forall a d : R, a > 0 -> ln (Rpower a d) = d * ln a.
Proof. intros. apply ln_Rpower. Qed.
Lemma ceiling_log : forall (b n : R) (e : Z), b > 1 -> n >= 1 ->
  (Rpower b (IZR e) >= n <-> (e >= Rceil (ln n / ln b))%Z).
Proof.
  intros b n e Hb Hn. rewrite <- Rceil_spec.
  assert (Lb : ln 1 < ln b) by (apply ln_increasing; lra). rewrite ln_1 in Lb.
  split; intros H.
  - assert (A : ln n <= ln (Rpower b (IZR e))) by (apply log_increasing; lra).
    rewrite ln_Rpower in A. apply Rle_ge.
    apply (Rmult_le_reg_r (ln b)). lra.
    replace (ln n / ln b * ln b) with (ln n) by (field; lra). lra.
  - assert (A : ln n <= IZR e * ln b).
    { apply Rge_le in H. apply (Rmult_le_compat_r (ln b)) in H; [|lra].
      replace (ln n / ln b * ln b) with (ln n) in H by (field; lra). lra. }
    apply Rle_ge. rewrite <- (exp_ln n) by lra. unfold Rpower.
    destruct (Req_dec (ln n) (IZR e * ln b)) as [E|E]. rewrite E; lra.
    left. apply exp_increasing. lra.
Qed.
Lemma ceiling_log_nonneg : forall b n : R, b > 1 -> n >= 1 -> (Rceil (ln n / ln b) >= 0)%Z.
Proof.
  intros b n Hb Hn.
  assert (L : ln 1 < ln b) by (apply ln_increasing; lra). rewrite ln_1 in L.
  assert (N : 0 <= ln n) by (rewrite <- ln_1; apply log_increasing; lra).
  assert (Q : 0 <= ln n / ln b) by (apply Rmult_le_pos; [lra | left; apply Rinv_0_lt_compat; lra]).
  destruct (Z_lt_le_dec (Rceil (ln n / ln b)) 0) as [A|A]; [ | lia ].
  assert (B : (-1 >= Rceil (ln n / ln b))%Z) by lia.
  apply (proj2 (Rceil_spec _ _)) in B. lra.
Qed.
"""

CAUCHY_SCHWARZ = r"""
Lemma cauchy_schwarz : forall u v : V, Rabs (inner u v) <= norm u * norm v.
Proof.
  intros u v.
  pose proof (norm_sq u) as Su. pose proof (norm_sq v) as Sv.
  pose proof (norm_nonneg u) as Nu. pose proof (norm_nonneg v) as Nv.
  assert (Q : forall a b : R, 0 <= a * a * inner u u + 2 * a * b * inner u v + b * b * inner v v).
  { intros a b. pose proof (inner_pos (vadd (vscal a u) (vscal b v))) as P.
    rewrite inner_add_l, !inner_add_r, !inner_scal_l, !inner_scal_r, (inner_sym v u) in P. lra. }
  assert (S2 : inner u v * inner u v <= inner u u * inner v v).
  { destruct (Req_dec (inner u u) 0) as [E|E].
    - destruct (Req_dec (inner u v) 0) as [F|F]. rewrite F, E. lra.
      exfalso. pose proof (Q (- (inner v v + 1) / (2 * inner u v)) 1) as Q1.
      rewrite E in Q1.
      replace (2 * (- (inner v v + 1) / (2 * inner u v)) * 1 * inner u v)
        with (- (inner v v + 1)) in Q1 by (field; exact F).
      lra.
    - pose proof (Q (inner u v) (- inner u u)) as Q1.
      assert (0 < inner u u) by (pose proof (inner_pos u); lra).
      assert (0 <= inner u u * (inner u u * inner v v - inner u v * inner u v)) by nra.
      nra. }
  apply Rsqr_incr_0_var. rewrite <- Rsqr_abs. unfold Rsqr.
  replace (norm u * norm v * (norm u * norm v))
    with ((norm u * norm u) * (norm v * norm v)) by ring.
  rewrite Su, Sv. lra. apply Rmult_le_pos; lra.
Qed.
"""
