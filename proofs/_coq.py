"""Each theorem as a Coq file, checked by Coq's kernel.

``coq_file(theorem)`` writes one self-contained ``.v`` file (a theorem that cites another
``Require``s its file):

* a ``Section`` whose variables are an abstract real inner-product space (a type V, its
  vector-space operations and a symmetric bilinear positive-semidefinite form, with their
  axioms as section hypotheses: no coordinates, no dimension), the theorem's parameters, and
  its hypotheses, each with its full quantifiers;
* each step as a lemma: a sympy or z3 step proved by ``lra``/``nra`` after the inner products
  are expanded by bilinearity (or by the step's own short script), an induction by the nat
  induction ``Zind``, a rule by the rule's lemma (proved in the file from the standard
  library) or a cited theorem's closed form;
* after the section, the theorem closed over everything, with its hypotheses as premises,
  proved from the last step, and ``Print Assumptions`` of it.

``check_files`` runs ``coqc`` on them and accepts a theorem only if the kernel accepts its file
and the only axioms it prints are the standard library's, those of Coq's real numbers.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sympy

from ._chain import quantified
from ._check import At, Premise, Step, Theorem, formula_of
from ._coq_print import Param, Printer, coq_ident, function_keys, is_integer
from ._forms import (
    Expr,
    Gram,
    Inner,
    Norm,
    Vector,
    VectorSequence,
    _gram,
    definitions_of,
    expand_inner,
    is_vector,
    is_vector_equation,
)

STDLIB_AXIOMS = frozenset(
    {
        "ClassicalDedekindReals.sig_not_dec",
        "ClassicalDedekindReals.sig_forall_dec",
        "FunctionalExtensionality.functional_extensionality_dep",
        "Classical_Prop.classic",
    }
)
"""The standard library's axioms a proof about the reals may rest on (Coq 8.16): R is built
from Dedekind cuts with the first three, and the standard library's ln and exp use excluded
middle (Classical_Prop.classic).  A theorem whose Print Assumptions shows any other axiom, or
anything of this project, is rejected."""

LIBRARY = "Perceptron"
COQ_TIMEOUT = 300

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


def comment(text: str) -> str:
    """Text that cannot end or nest a Coq comment."""
    return text.replace("(*", "( *").replace("*)", "* )")


def hyp_name(hypothesis_id: str) -> str:
    """H3 as Coq's Hyp3: Coq's fresh names (H, H0, H1, …) must not be a section variable's,
    or destruct keeps the hypotheses it splits."""
    return "Hyp" + hypothesis_id[1:]


def closed_name(theorem_id: str) -> str:
    return coq_ident(theorem_id.replace("/", "_").replace("-", "_"))


def file_of(theorem_id: str) -> Path:
    return Path(theorem_id.replace("-", "_") + ".v")


def module_of(theorem_id: str) -> str:
    return ".".join([LIBRARY, *theorem_id.replace("-", "_").split("/")])


# --- the theorem's signature ------------------------------------------------------------


def _formulas(theorem: Theorem) -> list[Expr]:
    """The hypotheses, the statement and the index ranges: what the theorem quantifies."""
    ranges = [sympy.Tuple(i.lo, i.hi) for i in theorem.indices]
    return [h.formula for h in theorem.hypotheses] + list(theorem.statement) + ranges


def _step_formulas(theorem: Theorem) -> list[Expr]:
    out = []
    for s in theorem.steps:
        out += [*s.premises, s.conclusion]
        if s.induction is not None:
            out.append(s.induction.predicate(s.induction.index))
    return out


def signature(theorem: Theorem, formulas: Sequence[Expr] | None = None) -> list[Param]:
    """The parameters of the hypotheses and statement (or of ``formulas``), first use first."""
    indices = {i.symbol for i in theorem.indices}
    found: dict[Any, Param] = {}
    for f in _formulas(theorem) if formulas is None else formulas:
        for a in sympy.preorder_traversal(f):
            if isinstance(a, sympy.Symbol) and not isinstance(a, sympy.Dummy):
                if a in indices or a in found or a not in f.free_symbols:
                    continue
                kind = "V" if isinstance(a, Vector) else "Z" if is_integer(a) else "R"
                found[a] = Param(a, coq_ident(a.name), kind)
            for key in function_keys(a) if isinstance(a, VectorSequence | sympy.Function) else ():
                if key in found or (isinstance(key, type) and issubclass(key, Inner | Norm | Gram)):
                    continue
                app = next(
                    b
                    for b in sympy.preorder_traversal(f)
                    if (type(b) if isinstance(b, VectorSequence) else getattr(b, "func", None))
                    is key
                )
                kinds = ["V" if is_vector(x) else "Z" if is_integer(x) else "R" for x in app.args]
                result = "V" if isinstance(app, VectorSequence) else "Z" if is_integer(app) else "R"
                name = coq_ident(getattr(key, "__name__", str(key)))
                found[key] = Param(key, name, " -> ".join([*kinds, result]))
    return list(found.values())


# --- printing facts -----------------------------------------------------------------------


def names_of(params: Iterable[Param]) -> dict[Any, str]:
    return {p.key: p.name for p in params}


def prefix(
    theorem: Theorem, printer: Printer, formula: Expr, names: Mapping[Any, str] | None = None
) -> str:
    """The quantifiers of a fact: ∀ index ∈ range, in declaration order."""
    out = []
    for symbol in quantified(theorem, formula):
        index = theorem.index_of(symbol)
        assert index is not None
        name = (names or {}).get(symbol, printer.name(symbol))
        out.append(
            f"forall {name} : Z, ({printer.z(index.lo)} <= {name} <= {printer.z(index.hi)})%Z -> "
        )
    return "".join(out)


def fact(theorem: Theorem, printer: Printer, formula: Expr) -> str:
    return prefix(theorem, printer, formula) + printer.p(formula)


# --- the proof of a step ------------------------------------------------------------------


@dataclass
class Context:
    """What the generator knows inside one step's proof."""

    theorem: Theorem
    names: dict[Any, str]
    facts: dict[Expr, str]
    """Each known fact (hypothesis or earlier conclusion) and its Coq name."""


def _canonical(e: Expr) -> Expr:
    return sympy.expand(e)


def _index_arguments(e: Expr) -> list[Expr]:
    out = []
    for a in sympy.preorder_traversal(e):
        if isinstance(a, VectorSequence) or (
            isinstance(a, sympy.core.function.AppliedUndef)
            and not isinstance(a, Inner | Norm | Gram)
        ):
            out += [x for x in a.args if is_integer(x) and not x.is_Symbol and not x.is_Integer]
    return out


def normalize(ctx: Context, template: Expr, values: Mapping[Any, Expr], where: str) -> list[str]:
    """Coq's literal substitution of ``values`` into ``template`` leaves index arguments such as
    ((n + 1) - 1); rewrite each into the form the printer gives the substituted formula."""
    if not values:
        return []
    literal = Printer(ctx.names, {k: Printer(ctx.names).z(v) for k, v in values.items()})
    canonical = Printer(ctx.names)
    lines = []
    seen = set()
    for a in sympy.preorder_traversal(template):
        if isinstance(a, VectorSequence) or (
            isinstance(a, sympy.core.function.AppliedUndef)
            and not isinstance(a, Inner | Norm | Gram)
        ):
            for x in a.args:
                if not is_integer(x) or not (x.free_symbols & set(values)):
                    continue
                lit = literal.z(x)
                can = canonical.z(x.xreplace(dict(values)))
                if lit != can and (lit, can) not in seen:
                    seen.add((lit, can))
                    target = "" if where == "goal" else f" in {where}"
                    lines.append(f"try replace ({lit})%Z with ({can})%Z{target} by ring.")
    return lines


def _vector_pairs(e: Expr, definitions: Mapping[Any, Any]) -> set[tuple[Any, Any]]:
    """The (left, right) atom pairs Coq's bilinear expansion of e produces, in its order."""
    pairs: set[tuple[Any, Any]] = set()

    def atoms(v: Expr) -> list[Any]:
        for _ in range(10):
            new = v.xreplace(dict(definitions))
            if new == v:
                break
            v = new
        out = []
        for term in sympy.Add.make_args(sympy.expand(v)):
            out += [f for f in sympy.Mul.make_args(term) if isinstance(f, Vector | VectorSequence)]
        return out

    for a in sympy.preorder_traversal(e):
        if isinstance(a, Inner):
            for x in atoms(a.args[0]):
                for y in atoms(a.args[1]):
                    pairs.add((x, y))
    return pairs


def _cofactors(premises: Sequence[Expr], conclusion: Expr) -> list[tuple[int, Expr]] | None:
    """Polynomials c_k with lhs − rhs = Σ c_k·(a_k − b_k) over the premises' equations a_k = b_k
    (inner products expanded): lra then closes the identity from the premises times c_k."""
    definitions = definitions_of(premises)
    equations = [
        (n, expand_inner(p.lhs - p.rhs, definitions))
        for n, p in enumerate(premises)
        if isinstance(p, sympy.Eq) and not is_vector_equation(p) and not p.has(sympy.Sum)
    ]
    if not isinstance(conclusion, sympy.Eq) or conclusion.has(sympy.Sum):
        return None
    goal = sympy.expand(expand_inner(conclusion.lhs - conclusion.rhs, definitions))
    if goal == 0 or not equations:
        return []
    if goal.has(sympy.Sum) or any(e.has(sympy.Sum) for _, e in equations):
        return None
    found: dict[Any, Any] = {}
    exprs = [goal, *(sympy.expand(e) for _, e in equations)]
    for e in exprs:
        for a in e.atoms(sympy.Function):
            found.setdefault(a, sympy.Dummy("a"))
    back = {v: k for k, v in found.items()}
    polys = [e.xreplace(found) for e in exprs]
    if any(sympy.fraction(sympy.together(p))[1] != 1 for p in polys):
        return None
    gens = sorted(set().union(*(p.free_symbols for p in polys)), key=sympy.default_sort_key)
    quotients, remainder = sympy.reduced(polys[0], polys[1:], *gens)
    if sympy.expand(remainder) != 0:
        return None
    return [
        (equations[k][0], sympy.expand(q).xreplace(back))
        for k, q in enumerate(quotients)
        if sympy.expand(q) != 0
    ]


def _functions_of(e: Expr) -> set[Expr]:
    return {
        a
        for a in sympy.preorder_traversal(e)
        if isinstance(a, Norm) or (isinstance(a, sympy.Pow) and a.exp == sympy.Rational(1, 2))
    }


def _is_z_relation(e: Expr) -> bool:
    return isinstance(e, sympy.core.relational.Relational) and all(is_integer(a) for a in e.args)


def step_body(
    ctx: Context,
    s: Step,
    premises: Sequence[Expr],
    goal: Expr,
    names: Sequence[str],
    ranges: Sequence[str],
) -> list[str]:
    """After the premises are posed as ``names``: definitions, expansion, arithmetic."""
    printer = Printer(ctx.names)
    lines = []
    for n, p in zip(names, premises, strict=True):
        if is_vector_equation(p):
            lines.append(f"repeat rewrite {n} in *.")
    for e in sorted(
        set().union(*(_functions_of(f) for f in [*premises, goal])), key=sympy.default_sort_key
    ):
        if isinstance(e, Norm):
            v = printer.v(e.args[0])
            lines.append(f"pose proof (norm_nonneg {v}). pose proof (norm_sq {v}).")
        else:
            r = printer.r(e.args[0])
            lines.append(f"pose proof (sqrt_pos {r}). pose proof (sqrt_sqrt {r}).")
    lines.append("expand.")
    definitions = definitions_of(premises)
    pairs = set().union(*(_vector_pairs(f, definitions) for f in [*premises, goal]))
    for x, y in sorted(pairs, key=sympy.default_sort_key):
        if x != y and _gram(x, y).args != (x, y):
            lines.append(f"rewrite ?(inner_sym {printer.v(x)} {printer.v(y)}) in *.")
    for n in ranges:
        lines.append(f"zr1 {n}.")
    for n, p in zip(names, premises, strict=True):
        if _is_z_relation(p):
            lines.append(f"zr1 {n}.")
    lines.append("izr.")
    if s.method == "sympy" and s.coq is None:
        cofactors = _cofactors(premises, goal)
        for k, c in cofactors or []:
            lines.append(
                f"pose proof (f_equal (fun z_ => {printer.r(c)} * z_) {names[k]}) as C{k}; "
                f"cbv beta in C{k}."
            )
    kinds = (sympy.Max, sympy.Min, sympy.Abs, sympy.Piecewise, sympy.KroneckerDelta)
    split = ""
    bases = [p.fact if isinstance(p, At) else p for p in s.hypotheses]
    if any(f.has(k) for f in [*premises, *bases, goal] for k in kinds):
        split = "unfold Rmax, Rmin, Rabs in *; destruct_ifs; "
    if _is_z_relation(goal) and s.coq is None:
        finisher = (
            "first [ lia | (apply le_IZR || apply lt_IZR || apply eq_IZR "
            "|| apply Z.le_ge, le_IZR); izr; first [ lra | nra ] | lra | nra ]."
        )
    else:
        finisher = s.coq or (
            "first [ lra | lia | (intros; modus; first [ lra | lia | congruence ]) "
            "| (intros; cases; modus; first [ lra | lia | congruence ]) "
            "| nra | (intros; modus; nra) | (exfalso; lia) | congruence ]."
        )
    if split and s.coq is None:
        finisher = split + "(" + finisher.rstrip(".") + ")."
    lines.append(finisher)
    return lines


def pose(ctx: Context, p: Premise, name: str, bound: Iterable[Expr]) -> list[str]:
    """`pose proof` of a premise at its index values, and the arguments normalized.  The
    longest prefix of its quantifiers that the step binds (or that has stated values) is
    instantiated; a fact the step uses inside sums stays quantified."""
    t = ctx.theorem
    base = p.fact if isinstance(p, At) else p
    values = dict(p.values) if isinstance(p, At) else {}
    scope = set(bound)
    printer = Printer(ctx.names)
    args = []
    for symbol in quantified(t, base):
        if symbol in values:
            args.append(f"{printer.zz(values[symbol])} ltac:(lia)")
        elif symbol in scope:
            args.append(f"{printer.name(symbol)} ltac:(lia)")
        else:
            break
    head = ctx.facts[base]
    lines = [
        f"pose proof ({head} {' '.join(args)}) as {name}."
        if args
        else f"pose proof {head} as {name}."
    ]
    lines += normalize(ctx, base, values, name)
    return lines


def prove_step(ctx: Context, s: Step) -> list[str]:
    t = ctx.theorem
    printer = Printer(ctx.names)
    out: list[str] = []
    symbols = [
        x for x in quantified(t, s.conclusion) if s.induction is None or x != s.induction.every
    ]
    intros, ranges = [], []
    for x in symbols:
        intros += [printer.name(x), f"R_{printer.name(x)}"]
        ranges.append(f"R_{printer.name(x)}")
    if intros:
        out.append("intros " + " ".join(intros) + ".")
    clear = "clear " + " ".join(hyp_name(h.id) for h in t.hypotheses) + "."
    if s.instance is not None:
        rule = s.instance.rule
        values = dict(s.instance.values)
        names = []
        for n, p in enumerate(s.hypotheses, 1):
            if formula_of(p) is sympy.true:  # a premise true by arithmetic (2 > 1)
                names.append("ltac:(first [ lra | lia ])")
                continue
            out += pose(ctx, p, f"P{n}", symbols)
            names.append(f"P{n}")
        args = []
        if rule.kind == "theorem":
            args += [v for v, _ in SPACE_VARIABLES] + [a for a, _ in SPACE_AXIOMS]
        for var in rule.variables:
            value = values.get(var, var)
            if isinstance(value, int | float):
                value = sympy.sympify(value)
            if not isinstance(value, sympy.Basic):  # a function
                args.append(printer.name(value))
            elif isinstance(var, Vector):
                args.append(printer.v(value))
            elif is_integer(var):
                args.append(printer.zz(value))
            else:  # a real variable: an integer value is lifted
                args.append(printer.r(value))
        out.append(f"pose proof ({rule.coq} {' '.join(args)}) as Rule_.")
        out.append(
            s.coq
            or "first [ exact (Rule_ "
            + " ".join(names)
            + ") | (apply Rule_; first [ assumption | lra | lia | (zr_all; lra) ]) | tauto | lra ]."
        )
        return out
    if s.induction is None:
        names = []
        for n, p in enumerate(s.hypotheses, 1):
            out += pose(ctx, p, f"P{n}", symbols)
            names.append(f"P{n}")
        out.append(clear)
        out += step_body(ctx, s, s.premises, s.conclusion, names, ranges)
        return out
    ind = s.induction
    j = ind.index
    n = sympy.Symbol("n_", integer=True)
    lam = f"(fun n_ : Z => {printer.p(ind.predicate(n))})"
    outer = [p for p in s.hypotheses if j not in formula_of(p).free_symbols]
    start, end = printer.zz(ind.start), printer.zz(ind.end)
    if ind.every is None:
        out.append(f"apply (Zind {lam} {start} {end}).")
        block = []
        for k, p in enumerate(outer, 1):
            block += pose(ctx, p, f"B{k}", symbols)
        block += [f"zr1 {r}." for r in ranges]
        block += [f"zr1 B{k}." for k, p in enumerate(outer, 1) if _is_z_relation(formula_of(p))]
        block.append("izr. first [ lia | lra ].")
        out.append("- " + " ".join(block))
    else:
        every = printer.name(ind.every)
        out.append(f"intros {every} R_{every}.")
        out.append(f"apply (Zind_all {lam} {start} {end}); [ | | exact R_{every} ].")
    # the base case
    block = ["cbv beta."]
    block += normalize(ctx, ind.predicate(n), {n: ind.start}, "goal")
    names = []
    for k, p in enumerate(outer, 1):
        block += pose(ctx, p, f"B{k}", symbols)
        names.append(f"B{k}")
    block.append(clear)
    base = ind.predicate(ind.start)
    base_step = dataclasses.replace(s, coq=s.coq_base)
    block += step_body(ctx, base_step, [formula_of(p) for p in outer], base, names, ranges)
    out.append("- " + " ".join(block))
    # the step case, at n = j + offset
    block = ["intros n_ Rn_ IH.", "cbv beta in IH |- *."]
    block += normalize(ctx, ind.predicate(n), {n: n + 1}, "goal")
    names, premises = [], []
    jv = n - ind.offset
    for k, p in enumerate(s.hypotheses, 1):
        f = formula_of(p)
        if j in f.free_symbols:
            base_fact = p.fact if isinstance(p, At) else p
            # (base[values])[j := jv], as one substitution of base
            values = {
                key: sympy.sympify(val).xreplace({j: jv})
                for key, val in (p.values if isinstance(p, At) else ())
            }
            values.setdefault(j, jv)
            block += pose(ctx, At(base_fact, tuple(values.items())), f"S{k}", symbols)
            premises.append(f.xreplace({j: jv}))
        else:
            block += pose(ctx, p, f"S{k}", symbols)
            premises.append(f)
        names.append(f"S{k}")
    block.append(clear)
    premises.append(ind.predicate(n))
    block += step_body(ctx, s, premises, ind.predicate(n + 1), [*names, "IH"], [*ranges, "Rn_"])
    out.append("- " + " ".join(block))
    return out


# --- the file --------------------------------------------------------------------------


def _uses(theorem: Theorem, *kinds: type) -> bool:
    formulas = _formulas(theorem) + _step_formulas(theorem)
    return any(f.has(k) for f in formulas for k in kinds)


def coq_file(theorem: Theorem) -> str:
    """The theorem as a Coq file (see the module docstring)."""
    t = theorem
    params = signature(t)
    extra = [
        p
        for p in signature(t, _formulas(t) + _step_formulas(t))
        if p.key not in {q.key for q in params}
    ]
    names = names_of([*params, *extra])
    printer = Printer(names)
    section = closed_name(t.id) + "_proof"
    cited = [r for r in t.rules() if r.kind == "theorem"]
    lines = [
        f"(* {t.id}: {comment(t.source)}.",
        f"   Written by `perceptron-ref prove --coq` from proofs/{t.id.replace('-', '_')}.py; the",
        f"   statement is spec/theorems/{t.id}.md's. *)",
        "From Coq Require Import Reals Lra Lia Psatz ZArith.",
    ]
    for r in cited:
        lines.append(f"Require {module_of(r.id)}.")
    lines += [
        "Open Scope R_scope.",
        "",
        f"Section {section}.",
        "",
        "(* An abstract real inner-product space: no coordinates, no dimension. *)",
    ]
    lines += [f"Variable {n} : {ty}." for n, ty in SPACE_VARIABLES]
    lines += [f"Hypothesis {n} : {ty}." for n, ty in SPACE_AXIOMS]
    lines.append(PRELUDE)
    if _uses(t, sympy.Sum):
        lines.append(SUMS)
    if _uses(t, sympy.ceiling):
        lines.append(CEILING)
    rule_ids = {r.id for r in t.rules()}
    if rule_ids & {"log-increasing", "log-power", "ceiling-log", "ceiling-log-nonneg"}:
        lines.append(LOGS)
    if "cauchy-schwarz" in rule_ids:
        lines.append(CAUCHY_SCHWARZ)
    lines.append("(* The theorem's parameters and hypotheses. *)")
    for p in [*params, *extra]:
        lines.append(f"Variable {p.name} : {p.type}.")
    for r in t.rules():
        if r.kind == "external":
            lines.append(f"(* Assumption {r.id}: {comment(r.text)} *)")
            lines.append(f"Hypothesis {r.coq} : {rule_statement(r, printer)}.")
    for h in t.hypotheses:
        lines.append(f"(* {h.id}: {comment(h.text)} *)")
        lines.append(f"Hypothesis {hyp_name(h.id)} : {fact(t, printer, h.formula)}.")
    lines.append("")
    facts = {h.formula: hyp_name(h.id) for h in t.hypotheses}
    ctx = Context(t, names, facts)
    for n, s in enumerate(t.steps, 1):
        name = f"step_{n}"
        lines.append(f"(* {s.id}: {comment(s.claim)} [{s.method}] *)")
        lines.append(f"Lemma {name} : {fact(t, printer, s.conclusion)}.")
        lines.append("Proof using All.")  # over every section variable: the closing is exact
        lines += ["  " + line for line in prove_step(ctx, s)]
        lines.append("Qed.")
        lines.append("")
        facts.setdefault(s.conclusion, name)
    lines.append(f"End {section}.")
    lines.append("")
    lines.append(closed_theorem(t, params, Printer(names, closed=True)))
    lines.append("Proof.")
    arguments = [n for n, _ in SPACE_VARIABLES] + [n for n, _ in SPACE_AXIOMS]
    arguments += [p.name for p in [*params, *extra]]
    arguments += [r.coq for r in t.rules() if r.kind == "external"]
    arguments += [hyp_name(h.id) for h in t.hypotheses]
    parts = [f"exact ({facts[f]} {' '.join(arguments)})" for f in t.statement]
    lines.append(
        "  intros. "
        + ("repeat split; " if len(parts) > 1 else "")
        + "first [ "
        + " | ".join(parts)
        + " ]."
    )
    lines.append("Qed.")
    lines.append("")
    lines.append(f"Print Assumptions {closed_name(t.id)}.")
    return "\n".join(lines) + "\n"


def rule_statement(rule: Any, printer: Printer) -> str:
    """A rule with its full quantifiers, in Coq."""
    p = Printer(printer.names)
    binders = []
    for v in rule.variables:
        name = p.name(v)
        ty = "V" if isinstance(v, Vector) else "Z" if is_integer(v) else "R"
        binders.append(f"({name} : {ty})")
    out = f"forall {' '.join(binders)}, " if binders else ""
    for premise in rule.premises:
        quantifiers = ""
        for index in rule.indices:
            if index.symbol in premise.free_symbols:
                name = p.name(index.symbol)
                quantifiers += (
                    f"forall {name} : Z, ({p.z(index.lo)} <= {name} <= {p.z(index.hi)})%Z -> "
                )
        out += (f"({quantifiers}{p.p(premise)})" if quantifiers else p.p(premise)) + " -> "
    return out + p.p(rule.conclusion)


def conclusion_text(theorem: Theorem, printer: Printer | None = None) -> str:
    """The statement as the Coq theorem states it (its facts joined by /\\)."""
    printer = printer or Printer(names_of(signature(theorem)), closed=True)
    parts = [fact(theorem, printer, f) for f in theorem.statement]
    return parts[0] if len(parts) == 1 else " /\\ ".join(f"({p})" for p in parts)


def closed_theorem(theorem: Theorem, params: Sequence[Param], printer: Printer) -> str:
    """The theorem closed over the space, its parameters and its hypotheses."""
    t = theorem
    binders = [f"({n} : {ty})" for n, ty in SPACE_VARIABLES]
    binders += [f"({n} : {ty})" for n, ty in SPACE_AXIOMS]
    binders += [f"({p.name} : {p.type})" for p in params]
    binders += [
        f"({r.coq} : {rule_statement(r, printer)})" for r in t.rules() if r.kind == "external"
    ]
    binders += [f"({hyp_name(h.id)} : {fact(t, printer, h.formula)})" for h in t.hypotheses]
    body = "\n  ".join(f"forall {b}," for b in binders)
    return f"Theorem {closed_name(t.id)} :\n  {body}\n  {conclusion_text(t, printer)}."


# --- running coqc ---------------------------------------------------------------------


@dataclass(frozen=True)
class KernelResult:
    id: str
    accepted: bool
    detail: str
    axioms: tuple[str, ...]
    seconds: float


def coqc() -> str | None:
    return shutil.which("coqc")


def write(theorems: Sequence[Theorem], outdir: Path) -> dict[str, Path]:
    written = {}
    for t in theorems:
        path = outdir / file_of(t.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(coq_file(t), encoding="utf-8")
        written[t.id] = path
    return written


def axioms_printed(output: str) -> tuple[str, ...] | None:
    """The axioms of Print Assumptions' output; None if it printed none of its forms."""
    if "Closed under the global context" in output:
        return ()
    if "Axioms:" not in output:
        return None
    tail = output.split("Axioms:", 1)[1]
    return tuple(
        line.split(" :")[0].strip()
        for line in tail.splitlines()
        if line and not line[0].isspace() and not line.startswith("File ")
    )


def check_file(theorem_id: str, outdir: Path) -> KernelResult:
    start = time.perf_counter()
    path = outdir / file_of(theorem_id)
    command = ["coqc", "-q", "-R", str(outdir), LIBRARY, str(path)]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=COQ_TIMEOUT, cwd=outdir
        )
    except subprocess.TimeoutExpired:
        return KernelResult(
            theorem_id, False, f"coqc ran over {COQ_TIMEOUT} s", (), time.perf_counter() - start
        )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        error = (done.stderr or done.stdout).strip().splitlines()
        where = next((line for line in error if line.startswith("File ")), "")
        what = next(
            (line for line in error if line.startswith("Error")), error[-1] if error else ""
        )
        return KernelResult(theorem_id, False, f"rejected: {where} {what}".strip(), (), seconds)
    text = path.read_text(encoding="utf-8")
    if re.search(r"\b(Admitted|admit|Axiom|Parameter|Conjecture)\b", text):
        return KernelResult(
            theorem_id, False, "rejected: the file admits or posits something", (), seconds
        )
    axioms = axioms_printed(done.stdout)
    if axioms is None:
        return KernelResult(theorem_id, False, "rejected: no Print Assumptions output", (), seconds)
    foreign = [a for a in axioms if a not in STDLIB_AXIOMS]
    if foreign:
        return KernelResult(theorem_id, False, f"rejected: axiom {foreign[0]}", axioms, seconds)
    return KernelResult(theorem_id, True, "accepted", axioms, seconds)


def check_files(
    theorems: Sequence[Theorem], outdir: Path, workers: int = 2
) -> dict[str, KernelResult]:
    """Write and compile every theorem's file, a cited theorem before its citers, the others
    side by side on ``workers`` processes (the results do not depend on the order)."""
    from concurrent.futures import ThreadPoolExecutor

    from . import theorem as by_id

    needs: dict[str, set[str]] = {}

    def visit(t: Theorem) -> None:
        if t.id in needs:
            return
        needs[t.id] = {r.id for r in t.rules() if r.kind == "theorem"}
        for cited in needs[t.id]:
            visit(by_id(cited))

    for t in theorems:
        visit(t)
    write([by_id(i) for i in needs], outdir)
    results: dict[str, KernelResult] = {}
    with ThreadPoolExecutor(max_workers=workers) as pool:
        while len(results) < len(needs):
            ready = [i for i in needs if i not in results and needs[i] <= set(results)]
            for i, r in zip(ready, pool.map(lambda i: check_file(i, outdir), ready), strict=True):
                results[i] = r
    return {t.id: results[t.id] for t in theorems}
