(** * Reasoning about runs: what holds after every step holds after every run

    The runner of [Perceptron.v] is the same for every learner.  This file proves, once,
    that a property of (mistakes so far, w) kept by each step of a learner on the examples
    of the data is kept by every run, whatever its passes, fuel and way of ending; and a
    few facts about the runner's shape (which steps a run is made of). *)

From Coq Require Import QArith List Bool Lia.
From PerceptronRef Require Import Vectors Perceptron.
Import ListNotations.

(** The mistakes among some steps. *)
Definition count (st : list step) : nat := length (filter s_mistake st).

Lemma count_app a b : count (a ++ b) = (count a + count b)%nat.
Proof. unfold count; rewrite filter_app, app_length; reflexivity. Qed.

Lemma count_cons s st :
  count (s :: st) = ((if s_mistake s then 1 else 0) + count st)%nat.
Proof. unfold count; simpl; destruct (s_mistake s); reflexivity. Qed.

Lemma mistakes_count t : mistakes t = count (t_steps t).
Proof. reflexivity. Qed.

Section Invariant.

Context {X : Type} (learn : vec -> X -> label -> outcome) (D : list (X * label)).

(** A property of the mistakes made so far and of w, kept by every step on an example of
    the data. *)
Context (Inv : nat -> vec -> Prop).
Context (step_inv : forall k w x y, In (x, y) D -> Inv k w ->
  Inv (if o_mistake (learn w x y) then S k else k) (o_weights (learn w x y))).

Lemma pass_inv D' e i w k :
  incl D' D -> Inv k w ->
  Inv (k + count (fst (pass learn e i w D')))%nat (snd (pass learn e i w D')).
Proof.
  revert e i w k; induction D' as [|[x y] D' IH]; intros e i w k Hincl Hw; simpl.
  - rewrite Nat.add_0_r; exact Hw.
  - destruct (pass learn e (S i) (o_weights (learn w x y)) D') as [rest w_end] eqn:E.
    simpl; rewrite count_cons; simpl.
    assert (Hx : In (x, y) D) by (apply Hincl; left; reflexivity).
    assert (Hrest : incl D' D) by (intros z Hz; apply Hincl; right; exact Hz).
    pose proof (step_inv k w x y Hx Hw) as Hs.
    specialize (IH e (S i) (o_weights (learn w x y)) _ Hrest Hs).
    rewrite E in IH; simpl in IH.
    destruct (o_mistake (learn w x y)); simpl in *.
    + replace (k + S (count rest))%nat with (S k + count rest)%nat by lia; exact IH.
    + exact IH.
Qed.

Lemma passes_inv n e w k :
  Inv k w ->
  Inv (k + count (fst (passes learn n e w D)))%nat (snd (passes learn n e w D)).
Proof.
  revert e w k; induction n as [|n IH]; intros e w k Hw; simpl.
  - rewrite Nat.add_0_r; exact Hw.
  - pose proof (pass_inv D (S e) 0 w k (incl_refl D) Hw) as Hp.
    destruct (pass learn (S e) 0 w D) as [st w1]; simpl in Hp.
    specialize (IH (S e) w1 _ Hp).
    destruct (passes learn n (S e) w1 D) as [rest w_end]; simpl in *.
    rewrite count_app, Nat.add_assoc; exact IH.
Qed.

Lemma converge_inv fuel e seen w k :
  Inv k w ->
  Inv (k + count (t_steps (converge learn fuel e seen w D)))%nat
      (t_weights (converge learn fuel e seen w D)).
Proof.
  revert e seen w k; induction fuel as [|fuel IH]; intros e seen w k Hw; simpl.
  - rewrite Nat.add_0_r; exact Hw.
  - pose proof (pass_inv D (S e) 0 w k (incl_refl D) Hw) as Hp.
    destruct (pass learn (S e) 0 w D) as [st w1]; simpl in Hp.
    destruct (clean st); [exact Hp|].
    destruct (seen_at w1 seen); [exact Hp|].
    simpl; rewrite count_app, Nat.add_assoc; apply IH; exact Hp.
Qed.

Theorem run_inv start epochs fuel :
  Inv 0 start ->
  Inv (mistakes (run learn start epochs fuel D)) (t_weights (run learn start epochs fuel D)).
Proof.
  intros H0; unfold run; destruct epochs as [n|].
  - pose proof (passes_inv n 0 start 0 H0) as H.
    destruct (passes learn n 0 start D) as [st w]; exact H.
  - exact (converge_inv fuel 0 [(start, 0%nat)] start 0 H0).
Qed.

End Invariant.

(** ** The shape of a run *)

Section Shape.

Context {X : Type} (learn : vec -> X -> label -> outcome) (D : list (X * label)).

Lemma not_clean_count st : clean st = false -> (1 <= count st)%nat.
Proof.
  induction st as [|s st IH]; simpl; [discriminate|].
  rewrite count_cons; destruct (s_mistake s); simpl; intros H; [lia|].
  specialize (IH H); lia.
Qed.

(** Learners that change w only on a mistake (all of this project's). *)
Context (keeps : forall w x y, o_mistake (learn w x y) = false -> o_weights (learn w x y) = w).

(** A clean pass leaves w as it was, and the learner errs on no example at that w. *)
Lemma pass_clean D' e i w :
  clean (fst (pass learn e i w D')) = true ->
  snd (pass learn e i w D') = w /\ forall x y, In (x, y) D' -> o_mistake (learn w x y) = false.
Proof.
  revert i w; induction D' as [|[x y] D' IH]; intros i w; simpl.
  - intros _; split; [reflexivity | intros ? ? []].
  - destruct (pass learn e (S i) (o_weights (learn w x y)) D') as [rest w_end] eqn:E.
    simpl; intros H; apply andb_prop in H as [Hm Hrest].
    destruct (o_mistake (learn w x y)) eqn:Em; [discriminate|].
    pose proof (keeps w x y Em) as Hw.
    specialize (IH (S i) (o_weights (learn w x y))); rewrite E in IH; simpl in IH.
    destruct (IH Hrest) as [Hend Hall]; rewrite Hw in Hend, Hall.
    split; [exact Hend|].
    intros x' y' [Hxy|Hin]; [inversion Hxy; subst; exact Em | exact (Hall x' y' Hin)].
Qed.

(** A run that ends [converged] ends with a w at which the learner errs on no example. *)
Lemma converge_converged fuel e seen w :
  t_status (converge learn fuel e seen w D) = converged ->
  forall x y, In (x, y) D -> o_mistake (learn (t_weights (converge learn fuel e seen w D)) x y) = false.
Proof.
  revert e seen w; induction fuel as [|fuel IH]; intros e seen w; simpl; [discriminate|].
  destruct (pass learn (S e) 0 w D) as [st w1] eqn:E.
  destruct (clean st) eqn:Ec.
  - intros _; simpl.
    pose proof (pass_clean D (S e) 0 w) as Hc; rewrite E in Hc; simpl in Hc.
    destruct (Hc Ec) as [Hw Hall]; subst w1; exact Hall.
  - destruct (seen_at w1 seen); simpl; [discriminate|].
    apply IH.
Qed.

(** A run that ends [max_epochs] made a mistake in each of its [fuel] passes. *)
Lemma converge_max_epochs fuel e seen w :
  t_status (converge learn fuel e seen w D) = max_epochs ->
  (fuel <= count (t_steps (converge learn fuel e seen w D)))%nat.
Proof.
  revert e seen w; induction fuel as [|fuel IH]; intros e seen w; simpl; [lia|].
  destruct (pass learn (S e) 0 w D) as [st w1].
  destruct (clean st) eqn:Ec; [simpl; discriminate|].
  destruct (seen_at w1 seen); simpl; [discriminate|].
  intros H; specialize (IH _ _ _ H); rewrite count_app.
  pose proof (not_clean_count st Ec); lia.
Qed.

End Shape.

(** Every example the learner sees with the bias on is an augmented example of the data. *)
Lemma in_with_bias {X} bias (one : X -> X) D x y :
  In (x, y) (with_bias bias one D) ->
  exists x0, In (x0, y) D /\ x = (if bias then one x0 else x0).
Proof.
  unfold with_bias; destruct bias.
  - rewrite in_map_iff; intros [[x0 y0] [E H]]; inversion E; subst; eauto.
  - intros H; eauto.
Qed.
