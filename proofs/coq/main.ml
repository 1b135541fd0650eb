(* The extracted algorithms as a program: runs read from standard input, traces printed.

   The only hand-written OCaml of the build: it parses numbers into the extracted types,
   calls the extracted run_perceptron or run_winnow (Perceptron.v, Winnow.v) and prints what
   they return.  No arithmetic happens here: decimal digits are converted to and from Coq's
   binary integers by the extracted Z.of_int and Z.to_int of Coq's standard library.

   Input, one or more runs:
     run ALGORITHM            perceptron/blum ... perceptron/ssbd, winnow/disjunction, k-of-r, ltf
     bias true|false
     eta P/Q                  (perceptrons)
     k K                      (winnow/k-of-r; default 1)
     epsilon P/Q              (winnow/ltf; default 1/2)
     epochs N|converge        (online algorithms; batch ones always converge)
     fuel N                   the cap on passes of a converging run (the reference's max_epochs)
     example Y X1 ... Xd      Y is 1 or -1; Xi is P/Q (perceptrons) or 0/1 (Winnow)
     end
   or a bound of Bounds.v, "bound NAME ARGS...", printed reduced on one line:
     bound perceptron R2 GAMMA | bound freund-schapire R D GAMMA | bound blum-unit GAMMA
     bound blum-hinge GAMMA L
     bound winnow-disjunction R N (natural numbers) | bound winnow-k-of-r R K L
   Output, per run: one line per step, "step EPOCH INDEX SCORE PREDICTION LABEL MISTAKE W...",
   then "status ...", "mistakes K", "epochs E", "weights W...", "end". *)

open Perceptron_ref_coq

exception Bad of string

let nat_of_int n =
  let rec go acc n = if n <= 0 then acc else go (S acc) (n - 1) in
  go O n

let int_of_nat n =
  let rec go acc = function O -> acc | S m -> go (acc + 1) m in
  go 0 n

let uint_of_digits s =
  let digit c rest =
    match c with
    | '0' -> D0 rest | '1' -> D1 rest | '2' -> D2 rest | '3' -> D3 rest | '4' -> D4 rest
    | '5' -> D5 rest | '6' -> D6 rest | '7' -> D7 rest | '8' -> D8 rest | '9' -> D9 rest
    | _ -> raise (Bad ("not a digit in " ^ s))
  in
  if s = "" then raise (Bad "empty number");
  let rec build i = if i = String.length s then Nil else digit s.[i] (build (i + 1)) in
  build 0

let z_of_string s =
  if String.length s > 0 && s.[0] = '-' then
    Z.of_int (Neg (uint_of_digits (String.sub s 1 (String.length s - 1))))
  else Z.of_int (Pos (uint_of_digits s))

let rec digits_of_uint = function
  | Nil -> ""
  | D0 r -> "0" ^ digits_of_uint r | D1 r -> "1" ^ digits_of_uint r
  | D2 r -> "2" ^ digits_of_uint r | D3 r -> "3" ^ digits_of_uint r
  | D4 r -> "4" ^ digits_of_uint r | D5 r -> "5" ^ digits_of_uint r
  | D6 r -> "6" ^ digits_of_uint r | D7 r -> "7" ^ digits_of_uint r
  | D8 r -> "8" ^ digits_of_uint r | D9 r -> "9" ^ digits_of_uint r

let string_of_z z =
  match Z.to_int z with Pos u -> digits_of_uint u | Neg u -> "-" ^ digits_of_uint u

let q_of_string s =
  match String.split_on_char '/' s with
  | [ p ] -> { qnum = z_of_string p; qden = XH }
  | [ p; q ] ->
      (match z_of_string q with
       | Zpos d -> { qnum = z_of_string p; qden = d }
       | _ -> raise (Bad ("denominator not positive in " ^ s)))
  | _ -> raise (Bad ("not a rational: " ^ s))

(* Fraction's str: "p/q", or "p" when q = 1 (the definitions keep every number reduced). *)
let string_of_q q =
  match q.qden with
  | XH -> string_of_z q.qnum
  | d -> string_of_z q.qnum ^ "/" ^ string_of_z (Zpos d)

let label_of_string = function
  | "1" -> Pos0
  | "-1" -> Neg0
  | s -> raise (Bad ("label not 1 or -1: " ^ s))

let string_of_label = function Pos0 -> "1" | Neg0 -> "-1"

let bit_of_string = function
  | "0" -> false
  | "1" -> true
  | s -> raise (Bad ("Winnow feature not 0 or 1: " ^ s))

let perceptron_of_string = function
  | "perceptron/blum" -> Some Blum
  | "perceptron/mehta" -> Some Mehta
  | "perceptron/gormley-online" -> Some Gormley_online
  | "perceptron/gormley-batch" -> Some Gormley_batch
  | "perceptron/press" -> Some Press
  | "perceptron/ssbd" -> Some Ssbd
  | _ -> None

let print_trace t =
  let vector w = String.concat " " (List.map string_of_q w) in
  List.iter
    (fun s ->
      Printf.printf "step %d %d %s %s %s %d %s\n" (int_of_nat s.s_epoch)
        (int_of_nat s.s_index) (string_of_q s.s_score) (string_of_label s.s_prediction)
        (string_of_label s.s_label) (if s.s_mistake then 1 else 0) (vector s.s_weights))
    t.t_steps;
  (match t.t_status with
   | Online -> print_string "status online\n"
   | Converged -> print_string "status converged\n"
   | Max_epochs -> print_string "status max_epochs\n"
   | Cycled (e1, e2) -> Printf.printf "status cycled %d %d\n" (int_of_nat e1) (int_of_nat e2));
  let mistakes = List.length (List.filter (fun s -> s.s_mistake) t.t_steps) in
  Printf.printf "mistakes %d\nepochs %d\nweights %s\nend\n" mistakes (int_of_nat t.t_epochs)
    (vector t.t_weights)

(* One run: its option lines and examples, until "end". *)
let run_one algorithm lines =
  let bias = ref false and eta = ref (q_of_string "1") and k = ref 1 in
  let epsilon = ref (q_of_string "1/2") in
  let epochs = ref (Passes (S O)) and fuel = ref 1_000_000 and examples = ref [] in
  List.iter
    (fun line ->
      match String.split_on_char ' ' line with
      | [ "bias"; b ] -> bias := (b = "true")
      | [ "eta"; e ] -> eta := q_of_string e
      | [ "k"; n ] -> k := int_of_string n
      | [ "epsilon"; e ] -> epsilon := q_of_string e
      | [ "epochs"; "converge" ] -> epochs := Converge
      | [ "epochs"; n ] -> epochs := Passes (nat_of_int (int_of_string n))
      | [ "fuel"; n ] -> fuel := int_of_string n
      | "example" :: y :: xs -> examples := (label_of_string y, xs) :: !examples
      | _ -> raise (Bad ("unknown line: " ^ line)))
    lines;
  let examples = List.rev !examples and fuel = nat_of_int !fuel in
  match perceptron_of_string algorithm with
  | Some p ->
      let data = List.map (fun (y, xs) -> (List.map q_of_string xs, y)) examples in
      print_trace (run_perceptron p !bias !eta !epochs fuel data)
  | None ->
      let alg =
        match algorithm with
        | "winnow/disjunction" -> Disjunction
        | "winnow/k-of-r" when !k >= 1 ->
            K_of_r (Z.to_pos (z_of_string (string_of_int !k)))
        | "winnow/ltf" -> Ltf !epsilon
        | _ -> raise (Bad ("unknown algorithm " ^ algorithm))
      in
      let data = List.map (fun (y, xs) -> (List.map bit_of_string xs, y)) examples in
      print_trace (run_winnow alg !bias !epochs fuel data)

let bound name args =
  match (name, args) with
  | "winnow-disjunction", [ r; n ] ->
      let nat s = nat_of_int (int_of_string s) in
      q_of_string (string_of_int (int_of_nat (winnow_disjunction_bound (nat r) (nat n))))
  | _ -> (
  match (name, List.map q_of_string args) with
  | "perceptron", [ r2; gamma ] -> perceptron_mistake_bound r2 gamma
  | "freund-schapire", [ r; d; gamma ] -> freund_schapire_bound r d gamma
  | "blum-unit", [ gamma ] -> blum_unit_bound gamma
  | "blum-hinge", [ gamma; loss ] -> blum_hinge_bound gamma loss
  | "winnow-k-of-r", [ r; k; l ] -> winnow_k_of_r_bound r k l
  | _ -> raise (Bad ("unknown bound or arguments: " ^ name)))

let () =
  let rec runs current =
    match input_line stdin with
    | exception End_of_file ->
        if current <> None then raise (Bad "input ends inside a run")
    | line -> (
        let line = String.trim line in
        match (current, String.split_on_char ' ' line) with
        | _, [ "" ] -> runs current
        | None, [ "run"; algorithm ] -> runs (Some (algorithm, []))
        | None, "bound" :: name :: args ->
            print_endline (string_of_q (qred (bound name args)));
            runs None
        | Some (algorithm, lines), [ "end" ] ->
            run_one algorithm (List.rev lines);
            runs None
        | Some (algorithm, lines), _ -> runs (Some (algorithm, line :: lines))
        | None, _ -> raise (Bad ("expected 'run ALGORITHM', got: " ^ line)))
  in
  try runs None
  with Bad why | Failure why ->
    prerr_endline ("perceptron-ref-coq: " ^ why);
    exit 2
