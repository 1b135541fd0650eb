// perceptron-ref's helpers for a generated Rust driver
// (reference/perceptron_ref/crosscheck/candidates/drivers/rust.py): print any number, vector
// or pair of them as JSON (floats as the shortest text that reads back as the same double,
// integers exactly), and read the data as text (n d passes eta bias wlen, rows, labels).

#[allow(dead_code)]
fn pr_number(v: f64) -> String {
    if !v.is_finite() { return "\"nan\"".to_string(); }
    if v == v.trunc() && v.abs() < 9e15 { return format!("{}", v as i64); }
    format!("{:?}", v)
}
trait PrEmit { fn pr_emit(&self) -> String; }
macro_rules! pr_float { ($($t:ty),*) => { $(impl PrEmit for $t { fn pr_emit(&self) -> String { pr_number(*self as f64) } })* } }
macro_rules! pr_int { ($($t:ty),*) => { $(impl PrEmit for $t { fn pr_emit(&self) -> String { format!("{}", self) } })* } }
pr_float!(f64, f32);
pr_int!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
impl<T: PrEmit> PrEmit for Vec<T> { fn pr_emit(&self) -> String { self.as_slice().pr_emit() } }
impl<T: PrEmit> PrEmit for [T] {
    fn pr_emit(&self) -> String { format!("[{}]", self.iter().map(|v| v.pr_emit()).collect::<Vec<_>>().join(", ")) }
}
impl<T: PrEmit, const N: usize> PrEmit for [T; N] { fn pr_emit(&self) -> String { self.as_slice().pr_emit() } }
impl<T: PrEmit + ?Sized> PrEmit for &T { fn pr_emit(&self) -> String { (**self).pr_emit() } }
impl<T: PrEmit + ?Sized> PrEmit for &mut T { fn pr_emit(&self) -> String { (**self).pr_emit() } }
impl<T: PrEmit + ?Sized> PrEmit for Box<T> { fn pr_emit(&self) -> String { (**self).pr_emit() } }
impl<A: PrEmit, B: PrEmit> PrEmit for (A, B) { fn pr_emit(&self) -> String { format!("[{}, {}]", self.0.pr_emit(), self.1.pr_emit()) } }
impl<A: PrEmit, B: PrEmit, C> PrEmit for (A, B, C) { fn pr_emit(&self) -> String { format!("[{}, {}, null]", self.0.pr_emit(), self.1.pr_emit()) } }

#[allow(dead_code)]
struct PrData { n: usize, d: usize, passes: usize, eta: f64, bias: usize, wlen: usize, x: Vec<Vec<f64>>, y: Vec<f64> }

#[allow(dead_code)]
fn pr_read() -> PrData {
    let mut input = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut input).unwrap();
    let mut t = input.split_whitespace();
    let mut next = || t.next().unwrap().to_string();
    let n: usize = next().parse().unwrap();
    let d: usize = next().parse().unwrap();
    let passes: usize = next().parse().unwrap();
    let eta: f64 = next().parse().unwrap();
    let bias: usize = next().parse().unwrap();
    let wlen: usize = next().parse().unwrap();
    let x: Vec<Vec<f64>> = (0..n).map(|_| (0..d).map(|_| next().parse().unwrap()).collect()).collect();
    let y: Vec<f64> = (0..n).map(|_| next().parse().unwrap()).collect();
    PrData { n, d, passes, eta, bias, wlen, x, y }
}

#[allow(dead_code)]
fn pr_answer(result: String, from: &str, seconds: f64) {
    println!("\n{{\"perceptron-ref\": 1, \"result\": {}, \"from\": \"{}\", \"seconds\": {}}}", result, from, seconds);
}
