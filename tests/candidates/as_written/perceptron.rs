/// Right: a Rust struct with new and fit; private weights and bias; Blum's rule (predict +1
/// iff the score > 0); a demo main.
pub struct Perceptron {
    weights: Vec<f64>,
    bias: f64,
    learning_rate: f64,
    epochs: usize,
}

impl Perceptron {
    pub fn new(n_features: usize, learning_rate: f64, epochs: usize) -> Self {
        Perceptron { weights: vec![0.0; n_features], bias: 0.0, learning_rate, epochs }
    }

    fn predict(&self, x: &[f64]) -> i32 {
        let s: f64 = self.weights.iter().zip(x).map(|(w, v)| w * v).sum::<f64>() + self.bias;
        if s > 0.0 { 1 } else { -1 }
    }

    pub fn fit(&mut self, x: &[Vec<f64>], y: &[i32]) {
        for _ in 0..self.epochs {
            for (xi, &yi) in x.iter().zip(y) {
                if self.predict(xi) != yi {
                    for (w, v) in self.weights.iter_mut().zip(xi) {
                        *w += self.learning_rate * yi as f64 * v;
                    }
                    self.bias += self.learning_rate * yi as f64;
                }
            }
        }
    }
}

fn main() {
    let mut p = Perceptron::new(2, 0.1, 10);
    p.fit(&[vec![1.0, 2.0], vec![-1.0, -2.0]], &[1, -1]);
    println!("{:?} {}", p.weights, p.bias);
}
