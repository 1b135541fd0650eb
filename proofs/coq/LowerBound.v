(** * Blum's lower bound: every deterministic online learner can be made to err 1/γ² times

    [spec/theorems/perceptron/blum-lower-bound.md] proves it for an abstract learner on
    abstract orthonormal vectors.  Here the learner is any Coq function from the examples
    seen so far and the new x to a prediction, the examples are the coordinate vectors of
    ℚᴺ, and the adversary is a function too: round k shows eₖ and labels it the opposite of
    the learner's prediction.  The learner errs on every round, N times, while the labels
    as a vector, w* = (y₁, …, y_N), separate every example with margin exactly 1, every
    ‖x‖ = 1 and ‖w*‖² = N: the bound k·γ² ≤ R²‖w*‖² of [Novikoff.mistake_bound] is attained.
    In Blum's form, with N = 1/γ² and w* = γ·(y₁, …, y_N), a unit vector with margin γ.

    Its instance for each run: the online perceptrons are such learners (their prediction
    on x is their tie rule read at the score of w after the examples seen), and the run of
    [run_perceptron] on the adversary's sequence errs on every example. *)

From Coq Require Import QArith Qreduction Lqa List Lia.
From PerceptronRef Require Import Vectors Perceptron Runs Bounds Novikoff FreundSchapire.
Import ListNotations.
Open Scope Q_scope.

(** A deterministic online learner: its prediction on x after the examples seen. *)
Definition learner := list (vec * label) -> vec -> label.

(** The learner's mistakes on a sequence, after the history [seen]. *)
Fixpoint learner_mistakes (L : learner) (seen S : list (vec * label)) : nat :=
  match S with
  | [] => O
  | (x, y) :: S' =>
      ((if label_eqb (L seen x) y then 0 else 1) + learner_mistakes L (seen ++ [(x, y)]) S')%nat
  end.

(** eₖ in ℚᴺ. *)
Definition unit_vector (N k : nat) : vec := fresh N k 1.

(** Rounds k, k + 1, …, k + m − 1 of the adversary, after the history [seen]: round k shows
    eₖ and labels it the opposite of the learner's prediction. *)
Fixpoint adversary_from (L : learner) (N k m : nat) (seen : list (vec * label))
    : list (vec * label) :=
  match m with
  | O => []
  | S m' =>
      let x := unit_vector N k in
      let y := opposite (L seen x) in
      (x, y) :: adversary_from L N (S k) m' (seen ++ [(x, y)])
  end.

Definition adversary (L : learner) (N : nat) : list (vec * label) := adversary_from L N 0 N [].

(** The labels as a vector: w* = (y₁, …, y_N). *)
Definition labels (S : list (vec * label)) : vec := map (fun '(_, y) => y_of y) S.

(** The definitions above, as equations a reader can check against the note: a mistake is
    counted when the learner's prediction differs from the label, and round k shows eₖ with
    the label opposite to the prediction. *)
Lemma learner_mistakes_cons L seen x y S :
  learner_mistakes L seen ((x, y) :: S)
  = ((if label_eqb (L seen x) y then 0 else 1) + learner_mistakes L (seen ++ [(x, y)]) S)%nat.
Proof. reflexivity. Qed.

Lemma adversary_from_S L N k m seen :
  adversary_from L N k (S m) seen
  = (unit_vector N k, opposite (L seen (unit_vector N k)))
      :: adversary_from L N (S k) m (seen ++ [(unit_vector N k, opposite (L seen (unit_vector N k)))]).
Proof. reflexivity. Qed.

Lemma labels_cons x y S : labels ((x, y) :: S) = y_of y :: labels S.
Proof. reflexivity. Qed.

(** ** The facts about the adversary's sequence *)

Lemma adversary_from_shape L N k m seen :
  forall x y, In (x, y) (adversary_from L N k m seen) ->
  exists j, (k <= j < k + m)%nat /\ x = unit_vector N j.
Proof.
  revert k seen; induction m as [|m IH]; intros k seen x y; cbn [adversary_from]; [intros []|].
  intros [E|Hin].
  - inversion E; subst; exists k; split; [lia | reflexivity].
  - destruct (IH (S k) _ x y Hin) as [j [Hj Hx]]; exists j; split; [lia | exact Hx].
Qed.

Lemma adversary_from_length L N k m seen : length (adversary_from L N k m seen) = m.
Proof.
  revert k seen; induction m as [|m IH]; intros k seen; cbn; [reflexivity | rewrite IH; reflexivity].
Qed.

Lemma learner_errs_every_round L N k m seen :
  learner_mistakes L seen (adversary_from L N k m seen) = m.
Proof.
  revert k seen; induction m as [|m IH]; intros k seen; cbn [adversary_from learner_mistakes];
    [reflexivity|].
  rewrite IH; destruct (L seen (unit_vector N k)); reflexivity.
Qed.

Lemma unit_vector_length N k : length (unit_vector N k) = N.
Proof. apply fresh_length. Qed.

(** ⟨w, eⱼ⟩ = wⱼ *)
Lemma dot_unit_vector w j : (j < length w)%nat -> dot w (unit_vector (length w) j) == nth j w 0.
Proof. intros Hj; unfold unit_vector; rewrite dot_fresh by exact Hj; ring. Qed.

(** The labels' vector has yⱼ at j. *)
Lemma labels_from_nth L N k m seen j :
  (j < m)%nat ->
  exists x y, nth j (adversary_from L N k m seen) ([], pos) = (x, y) /\
    nth j (labels (adversary_from L N k m seen)) 0 = y_of y /\ x = unit_vector N (k + j).
Proof.
  revert k seen j; induction m as [|m IH]; intros k seen j Hj; [lia|].
  destruct j as [|j].
  - cbn; eexists _, _; split; [reflexivity | split; [reflexivity | f_equal; lia]].
  - cbn [adversary_from labels map nth].
    destruct (IH (S k) (seen ++ [(unit_vector N k, opposite (L seen (unit_vector N k)))]) j
                ltac:(lia)) as [x [y [H1 [H2 H3]]]].
    exists x, y; split; [exact H1 | split; [exact H2 | rewrite H3; f_equal; lia]].
Qed.

Lemma labels_norm S : dot (labels S) (labels S) == Qk (length S).
Proof.
  induction S as [|[x y] S IH]; cbn [labels map dot length]; [reflexivity|].
  fold (labels S); rewrite IH, Qk_S; destruct y; cbn [y_of]; ring.
Qed.

(** ** The lower bound for every deterministic learner *)

Theorem lower_bound :
  forall (L : learner) (N : nat),
  length (adversary L N) = N /\
  learner_mistakes L [] (adversary L N) = N /\
  (forall x y, In (x, y) (adversary L N) ->
     length x = N /\ dot x x == 1 /\ y_of y * dot (labels (adversary L N)) x == 1) /\
  dot (labels (adversary L N)) (labels (adversary L N)) == Qk N.
Proof.
  intros L N; unfold adversary.
  split; [apply adversary_from_length|].
  split; [apply learner_errs_every_round|].
  split.
  - intros x y Hin.
    destruct (adversary_from_shape L N 0 N [] x y Hin) as [j [Hj Hx]]; cbn in Hj.
    assert (HinN : exists i, (i < N)%nat /\ nth i (adversary_from L N 0 N []) ([], pos) = (x, y)).
    { apply In_nth with (d := ([], pos)) in Hin as [i [Hi Hnth]].
      rewrite adversary_from_length in Hi; exists i; split; assumption. }
    destruct HinN as [i [Hi Hnth]].
    destruct (labels_from_nth L N 0 N [] i Hi) as [x' [y' [H1 [H2 H3]]]].
    rewrite Hnth in H1; injection H1 as Ex Ey; rewrite <- Ex in H3; rewrite <- Ey in H2.
    cbn [Nat.add] in H3.
    assert (Hlen : length (labels (adversary_from L N 0 N [])) = N)
      by (unfold labels; rewrite map_length; apply adversary_from_length).
    split; [rewrite H3; apply unit_vector_length|].
    split.
    + rewrite H3; unfold unit_vector.
      pose proof (dot_fresh (fresh N i 1) i 1) as E; rewrite fresh_length in E.
      rewrite (E Hi), nth_fresh.
      assert (Hi' : (i <? N)%nat = true) by (apply Nat.ltb_lt; exact Hi).
      rewrite Hi', Nat.eqb_refl; reflexivity.
    + rewrite H3.
      pose proof (dot_unit_vector (labels (adversary_from L N 0 N [])) i) as E.
      rewrite Hlen in E; rewrite (E Hi), H2; destruct y; reflexivity.
  - rewrite labels_norm, adversary_from_length; reflexivity.
Qed.

(** Blum's form: with N = 1/γ² coordinate vectors and w* = γ·(y₁, …, y_N), ‖w*‖ = 1, every
    example is a unit vector with margin exactly γ, and the learner makes 1/γ² mistakes, the
    bound of [perceptron_ref.bounds.blum_unit_bound]. *)
Corollary blum_lower_bound :
  forall (L : learner) (N : nat) (gamma : Q),
  0 < gamma -> Qk N * (gamma * gamma) == 1 ->
  dot (vscale gamma (labels (adversary L N))) (vscale gamma (labels (adversary L N))) == 1 /\
  (forall x y, In (x, y) (adversary L N) ->
     dot x x == 1 /\ y_of y * dot (vscale gamma (labels (adversary L N))) x == gamma) /\
  Qk (learner_mistakes L [] (adversary L N)) == blum_unit_bound gamma.
Proof.
  intros L N gamma Hg HN; unfold blum_unit_bound.
  destruct (lower_bound L N) as [_ [Hm [Hx Hw]]].
  split; [|split].
  - rewrite dot_vscale_l, dot_vscale_r, Hw.
    setoid_replace (gamma * (gamma * Qk N)) with (Qk N * (gamma * gamma)) by ring; exact HN.
  - intros x y Hin; destruct (Hx x y Hin) as [_ [H1 H2]]; split; [exact H1|].
    rewrite dot_vscale_l.
    setoid_replace (y_of y * (gamma * dot (labels (adversary L N)) x))
      with (gamma * (y_of y * dot (labels (adversary L N)) x)) by ring.
    rewrite H2; ring.
  - rewrite Hm; assert (Hg2 : 0 < gamma * gamma) by nra.
    setoid_replace (Qk N) with (Qk N * (gamma * gamma) / (gamma * gamma)) at 1 by (field; lra).
    rewrite HN; reflexivity.
Qed.

(** ** Its instance for each run: the online perceptrons *)

(** The perceptron as a learner: the examples seen, one pass from w = 0, then its tie rule at
    the score of x (for the tie → mistake rule, "−" at a zero score: it errs there on either
    label, which only helps the adversary). *)
Definition perceptron_learner (p : perceptron) (eta : Q) : learner :=
  fun seen x =>
    let w := snd (pass (perceptron_step (tie_rule_of p) eta) 1 0 (vzero (length x)) seen) in
    predict (tie_rule_of p) (Qred (dot w x)) pos.

Lemma pass_app {X} (learn : vec -> X -> label -> outcome) e i w h r :
  pass learn e i w (h ++ r)
  = (fst (pass learn e i w h) ++ fst (pass learn e (i + length h) (snd (pass learn e i w h)) r),
     snd (pass learn e (i + length h) (snd (pass learn e i w h)) r)).
Proof.
  revert i w; induction h as [|[x y] h IH]; intros i w; cbn [app pass length].
  - rewrite Nat.add_0_r; cbn [fst snd app]; destruct (pass learn e i w r); reflexivity.
  - rewrite IH; replace (S i + length h)%nat with (i + S (length h))%nat by lia.
    destruct (pass learn e (S i) (o_weights (learn w x y)) h) as [st1 w1]; cbn [fst snd].
    destruct (pass learn e (i + S (length h)) w1 r); reflexivity.
Qed.

Lemma pass_weights_index {X} (learn : vec -> X -> label -> outcome) e i i' w L :
  snd (pass learn e i w L) = snd (pass learn e i' w L).
Proof.
  revert i i' w; induction L as [|[x y] L IH]; intros i i' w; [reflexivity|]; cbn [pass].
  specialize (IH (S i) (S i') (o_weights (learn w x y))).
  destruct (pass learn e (S i) _ L), (pass learn e (S i') _ L); cbn in *; exact IH.
Qed.

(** Against its own adversary, a perceptron errs whatever the score. *)
Lemma errs_against rule s : negb (label_eqb (predict rule s (opposite (predict rule s pos)))
                                           (opposite (predict rule s pos))) = true.
Proof. unfold predict; destruct (s ?= 0), rule; reflexivity. Qed.

Lemma run_errs_every_round p eta N k m seen i :
  (forall x y, In (x, y) seen -> length x = N) ->
  count (fst (pass (perceptron_step (tie_rule_of p) eta) 1 i
                (snd (pass (perceptron_step (tie_rule_of p) eta) 1 0 (vzero N) seen))
                (adversary_from (perceptron_learner p eta) N k m seen))) = m.
Proof.
  revert k seen i; induction m as [|m IH]; intros k seen i Hseen; [reflexivity|].
  cbn [adversary_from pass].
  set (learn := perceptron_step (tie_rule_of p) eta).
  set (w := snd (pass learn 1 0 (vzero N) seen)).
  set (x := unit_vector N k).
  set (y := opposite (perceptron_learner p eta seen x)).
  assert (Hpred : perceptron_learner p eta seen x = predict (tie_rule_of p) (Qred (dot w x)) pos).
  { unfold perceptron_learner, x; rewrite unit_vector_length; reflexivity. }
  assert (Hm : o_mistake (learn w x y) = true).
  { unfold learn, perceptron_step, y; cbn [o_mistake]; rewrite Hpred; apply errs_against. }
  assert (Hw' : o_weights (learn w x y) = snd (pass learn 1 0 (vzero N) (seen ++ [(x, y)]))).
  { rewrite pass_app; cbn [pass snd fst]; fold w.
    destruct (pass learn 1 (S (0 + length seen)) (o_weights (learn w x y)) []); reflexivity. }
  rewrite Hw'.
  assert (Hseen' : forall x' y', In (x', y') (seen ++ [(x, y)]) -> length x' = N).
  { intros x' y' Hin; apply in_app_or in Hin as [Hin|[E|[]]];
      [exact (Hseen x' y' Hin) | inversion E; subst; apply unit_vector_length]. }
  pose proof (IH (S k) (seen ++ [(x, y)]) (S i) Hseen') as H.
  fold learn in H |- *.
  assert (Gen : forall (s0 : step) (P : list step * vec),
            count (fst (let (rest, w_end) := P in (s0 :: rest, w_end)))
            = ((if s_mistake s0 then 1 else 0) + count (fst P))%nat)
    by (intros s0 [r1 e1]; apply count_cons).
  rewrite Gen; cbn [s_mistake]; rewrite Hm; cbn [Nat.add]; f_equal; exact H.
Qed.

(** The instance: one pass of each online perceptron on its adversary's sequence errs on
    every one of the N examples (while w* = (y₁, …, y_N) separates them with margin 1 and
    ‖x‖ = 1: [lower_bound]), so N = R²‖w*‖²/γ² mistakes, the bound exactly. *)
Theorem lower_bound_run :
  forall (p : perceptron) (eta : Q) (fuel N : nat),
  is_batch p = false ->
  mistakes (run_perceptron p false eta (Passes 1) fuel (adversary (perceptron_learner p eta) N))
  = N /\
  learner_mistakes (perceptron_learner p eta) [] (adversary (perceptron_learner p eta) N) = N.
Proof.
  intros p eta fuel N Hb; split; [|apply learner_errs_every_round].
  rewrite one_pass_mistakes by exact Hb; cbn [with_bias].
  assert (Hdim : dimension (adversary (perceptron_learner p eta) N) = N \/ N = 0%nat).
  { unfold adversary; destruct N as [|N]; [right; reflexivity | left].
    cbn [adversary_from dimension]; apply unit_vector_length. }
  destruct Hdim as [Hdim|HN0]; [rewrite Hdim | subst N; reflexivity].
  exact (run_errs_every_round p eta N 0 N [] 0 (fun x y H => match H with end)).
Qed.
