(** * Vectors: exact rational vectors, as the reference computes with them

    A vector of the notes is a list of rationals [Q] (the standard library's exact
    rationals).  The reference uses Python's [fractions.Fraction], which keeps every
    number in lowest terms; so do these definitions: every coordinate they compute is
    passed through [Qred], the standard library's reduction.  A reduced rational is
    unique for its value ([Qred_complete]), so two vectors computed here are equal as
    lists exactly when they are equal as rational vectors, which is what the reference's
    cycle test compares.

    [dot u v] is the inner product ⟨u, v⟩ = Σ uᵢvᵢ.  On vectors of different lengths it
    sums the common prefix; every theorem states the lengths it needs. *)

From Coq Require Import QArith Qreduction Lqa List Lia.
Import ListNotations.
Open Scope Q_scope.

Definition vec := list Q.

(** Two facts of ordered fields the proofs use often. *)
Lemma Qmult_le_compat_l x y z : x <= y -> 0 <= z -> z * x <= z * y.
Proof. intros H Hz; rewrite !(Qmult_comm z); apply Qmult_le_compat_r; assumption. Qed.

Lemma sq_nonneg x : 0 <= x * x.
Proof. nra. Qed.

Fixpoint dot (u v : vec) : Q :=
  match u, v with
  | a :: u', b :: v' => a * b + dot u' v'
  | _, _ => 0
  end.

(** u + v, coordinate by coordinate, each sum reduced. *)
Fixpoint vadd (u v : vec) : vec :=
  match u, v with
  | a :: u', b :: v' => Qred (a + b) :: vadd u' v'
  | _, _ => []
  end.

(** c·u, each product reduced. *)
Definition vscale (c : Q) (u : vec) : vec := map (fun a => Qred (c * a)) u.

(** The zero vector of dimension d. *)
Definition vzero (d : nat) : vec := repeat 0 d.

(** Equality of rational vectors (of values: 1/2 and 2/4 are equal). *)
Fixpoint vec_eqb (u v : vec) : bool :=
  match u, v with
  | [], [] => true
  | a :: u', b :: v' => Qeq_bool a b && vec_eqb u' v'
  | _, _ => false
  end.

(** ** The algebra of [dot] *)

Lemma dot_comm u v : dot u v == dot v u.
Proof.
  revert v; induction u as [|a u IH]; intros [|b v]; cbn [dot vadd vscale map length app repeat vzero vec_eqb]; try reflexivity.
  rewrite IH; ring.
Qed.

Lemma dot_vadd_l u v x :
  length u = length v -> dot (vadd u v) x == dot u x + dot v x.
Proof.
  revert v x; induction u as [|a u IH]; intros [|b v] [|c x] H; cbn [dot vadd vscale map length app repeat vzero] in *;
    try discriminate; try ring.
  rewrite Qred_correct, IH by lia; ring.
Qed.

Lemma dot_vadd_r u v x :
  length u = length v -> dot x (vadd u v) == dot x u + dot x v.
Proof.
  intros H; rewrite dot_comm, dot_vadd_l by exact H; rewrite !(dot_comm x); reflexivity.
Qed.

Lemma dot_vscale_l c u x : dot (vscale c u) x == c * dot u x.
Proof.
  revert x; induction u as [|a u IH]; intros [|b x]; cbn [dot vadd vscale map length app repeat vzero vec_eqb]; try ring.
  rewrite Qred_correct; unfold vscale in IH; rewrite IH; ring.
Qed.

Lemma dot_vscale_r c u x : dot x (vscale c u) == c * dot x u.
Proof. rewrite dot_comm, dot_vscale_l, dot_comm; reflexivity. Qed.

Lemma dot_vzero_l d x : dot (vzero d) x == 0.
Proof.
  revert x; induction d as [|d IH]; intros [|b x]; cbn [dot vadd vscale map length app repeat vzero vec_eqb]; try reflexivity.
  unfold vzero in IH; rewrite IH; ring.
Qed.

Lemma dot_nil_r u : dot u [] = 0.
Proof. destruct u; reflexivity. Qed.

Lemma dot_self_nonneg u : 0 <= dot u u.
Proof.
  induction u as [|a u IH]; cbn [dot vadd vscale map length app repeat vzero vec_eqb]; [lra|].
  assert (0 <= a * a) by nra; lra.
Qed.

Lemma dot_app u f x g :
  length u = length x -> dot (u ++ f) (x ++ g) == dot u x + dot f g.
Proof.
  revert x; induction u as [|a u IH]; intros [|b x] H; cbn [dot vadd vscale map length app repeat vzero] in *; try discriminate.
  - ring.
  - rewrite IH by lia; ring.
Qed.

Lemma vadd_app u f x g :
  length u = length x -> vadd (u ++ f) (x ++ g) = vadd u x ++ vadd f g.
Proof.
  revert x; induction u as [|a u IH]; intros [|b x] H; cbn [dot vadd vscale map length app repeat vzero] in *; try discriminate.
  - reflexivity.
  - rewrite IH by lia; reflexivity.
Qed.

Lemma vscale_app c u f : vscale c (u ++ f) = vscale c u ++ vscale c f.
Proof. apply map_app. Qed.

(** ** Lengths *)

Lemma vadd_length u v : length (vadd u v) = Nat.min (length u) (length v).
Proof.
  revert v; induction u as [|a u IH]; intros [|b v]; simpl; auto.
Qed.

Lemma vscale_length c u : length (vscale c u) = length u.
Proof. apply map_length. Qed.

Lemma vzero_length d : length (vzero d) = d.
Proof. apply repeat_length. Qed.

(** ** Equality of values *)

(** [vec_eqb] decides equality of values: same length, same rationals. *)
Lemma vec_eqb_dot u v x : vec_eqb u v = true -> dot u x == dot v x.
Proof.
  revert v x; induction u as [|a u IH]; intros [|b v] [|c x] H; cbn [dot vadd vscale map length app repeat vzero] in *;
    try discriminate; try reflexivity.
  apply andb_prop in H as [Hab Huv]; apply Qeq_bool_eq in Hab.
  rewrite Hab, (IH v x Huv); reflexivity.
Qed.

Lemma Qred_idem q : Qred (Qred q) = Qred q.
Proof. apply Qred_complete, Qred_correct. Qed.

(** Reducing a rational keeps its sign. *)
Lemma Qred_compare_0 q : (Qred q ?= 0) = (q ?= 0).
Proof. rewrite (Qred_compare q 0); reflexivity. Qed.

(** Reduced vectors: every coordinate in lowest terms, as [Fraction] keeps them. *)
Definition reduced (u : vec) : Prop := Forall (fun a => Qred a = a) u.

Lemma vec_eqb_reduced u v : reduced u -> reduced v -> vec_eqb u v = true -> u = v.
Proof.
  revert v; induction u as [|a u IH]; intros [|b v] Hu Hv H; cbn [dot vadd vscale map length app repeat vzero] in *;
    try discriminate; try reflexivity.
  inversion Hu; inversion Hv; subst.
  apply andb_prop in H as [Hab Huv]; apply Qeq_bool_eq in Hab.
  f_equal; [|auto].
  match goal with H1 : Qred a = a, H2 : Qred b = b |- _ => rewrite <- H1, <- H2 end.
  now apply Qred_complete.
Qed.

Lemma vec_eqb_refl u : vec_eqb u u = true.
Proof.
  induction u as [|a u IH]; cbn [dot vadd vscale map length app repeat vzero vec_eqb]; auto.
  rewrite IH, andb_true_r; apply Qeq_bool_iff; reflexivity.
Qed.

Lemma vadd_reduced u v : reduced (vadd u v).
Proof.
  unfold reduced; revert v; induction u as [|a u IH]; intros [|b v]; cbn [vadd];
    try apply Forall_nil.
  apply Forall_cons; [apply Qred_idem | apply IH].
Qed.

Lemma vscale_reduced c u : reduced (vscale c u).
Proof.
  unfold reduced, vscale; rewrite Forall_map; apply Forall_forall; intros.
  apply Qred_idem.
Qed.

Lemma vzero_reduced d : reduced (vzero d).
Proof. unfold reduced, vzero; apply Forall_forall; intros a Ha.
  apply repeat_spec in Ha; subst; reflexivity. Qed.

(** ** Cauchy–Schwarz: ⟨u, v⟩² ≤ ⟨u, u⟩⟨v, v⟩ *)

(** The induction step: (ab + s)² ≤ (a² + A)(b² + B) when s² ≤ AB and A, B ≥ 0. *)
(** X ≤ Y from X² ≤ Y² when Y ≥ 0. *)
Lemma square_le X Y : 0 <= Y -> X * X <= Y * Y -> X <= Y.
Proof.
  intros HY H; destruct (Qlt_le_dec Y X) as [Hlt|Hle]; [|exact Hle].
  exfalso; assert (Y * Y < X * X) by nra; lra.
Qed.

Lemma cauchy_schwarz_step a b s A B :
  0 <= A -> 0 <= B -> s * s <= A * B ->
  (a * b + s) * (a * b + s) <= (a * a + A) * (b * b + B).
Proof.
  intros HA HB Hs.
  pose proof (sq_nonneg a) as Ha; pose proof (sq_nonneg b) as Hb.
  (* With P = a²B and R = b²A: (2abs)² = 4a²b²s² ≤ 4a²b²AB = 4PR ≤ (P + R)², so
     2abs ≤ P + R, and (ab + s)² = a²b² + 2abs + s² ≤ a²b² + P + R + AB. *)
  assert (HP : 0 <= a * a * B) by (apply Qmult_le_0_compat; assumption).
  assert (HR : 0 <= b * b * A) by (apply Qmult_le_0_compat; assumption).
  assert (Hab : 0 <= a * a * (b * b)) by (apply Qmult_le_0_compat; assumption).
  assert (H4 : a * a * (b * b) * (s * s) <= a * a * (b * b) * (A * B)).
  { rewrite !(Qmult_comm (a * a * (b * b))); apply Qmult_le_compat_r; assumption. }
  assert (H2 : 2 * (a * b * s) <= a * a * B + b * b * A).
  { apply square_le; [lra|].
    pose proof (sq_nonneg (a * a * B - b * b * A)).
    lra. }
  lra.
Qed.

Theorem cauchy_schwarz u v : dot u v * dot u v <= dot u u * dot v v.
Proof.
  revert v; induction u as [|a u IH]; intros [|b v]; cbn [dot vadd vscale map length app repeat vzero vec_eqb].
  - lra.
  - assert (0 <= b * b + dot v v) by (pose proof (dot_self_nonneg v); nra). nra.
  - assert (0 <= a * a + dot u u) by (pose proof (dot_self_nonneg u); nra). nra.
  - apply cauchy_schwarz_step; auto using dot_self_nonneg.
Qed.
