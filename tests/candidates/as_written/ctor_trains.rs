/// Right: a Rust struct trained in `new` (Perceptron::new(&x, &y, epochs)), read through its
/// getters; Gormley's rule with a bias; labels as f64.
pub struct Perceptron {
    w: Vec<f64>,
    b: f64,
}

impl Perceptron {
    pub fn new(x: &[Vec<f64>], y: &[f64], epochs: usize) -> Self {
        let mut p = Perceptron { w: vec![0.0; x[0].len()], b: 0.0 };
        for _ in 0..epochs {
            for (xi, &yi) in x.iter().zip(y) {
                if yi * p.score(xi) <= 0.0 {
                    for (wj, v) in p.w.iter_mut().zip(xi) {
                        *wj += yi * v;
                    }
                    p.b += yi;
                }
            }
        }
        p
    }

    fn score(&self, x: &[f64]) -> f64 {
        self.w.iter().zip(x).map(|(a, b)| a * b).sum::<f64>() + self.b
    }

    pub fn get_weights(&self) -> Vec<f64> {
        self.w.clone()
    }

    pub fn get_bias(&self) -> f64 {
        self.b
    }

    pub fn predict(&self, x: &[f64]) -> i32 {
        if self.score(x) > 0.0 { 1 } else { -1 }
    }
}
