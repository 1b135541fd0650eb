/// Wrong: the bias folded in as the last weight, a while loop until a clean pass (at most
/// max_iter), but the bias moves by +1 on every mistake instead of by y.
pub fn perceptron(x: &Vec<Vec<f64>>, y: &Vec<i32>, max_iter: usize) -> Vec<f64> {
    let d = x[0].len();
    let mut w = vec![0.0; d + 1];
    let mut iter = 0;
    let mut changed = true;
    while changed && iter < max_iter {
        changed = false;
        for (xi, &yi) in x.iter().zip(y.iter()) {
            let mut s = w[d];
            for j in 0..d {
                s += w[j] * xi[j];
            }
            if (yi as f64) * s <= 0.0 {
                for j in 0..d {
                    w[j] += yi as f64 * xi[j];
                }
                w[d] += 1.0;
                changed = true;
            }
        }
        iter += 1;
    }
    w
}
