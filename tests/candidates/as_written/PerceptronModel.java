/** Right: a Java class that trains in its constructor (new PerceptronModel(X, y, epochs)),
 *  read through its getters; Gormley's rule, labels ±1. */
public class PerceptronModel {
    private final double[] w;
    private double b;

    public PerceptronModel(double[][] X, int[] y, int epochs) {
        w = new double[X[0].length];
        for (int e = 0; e < epochs; e++) {
            for (int i = 0; i < X.length; i++) {
                if (y[i] * score(X[i]) <= 0) {
                    for (int j = 0; j < w.length; j++) w[j] += y[i] * X[i][j];
                    b += y[i];
                }
            }
        }
    }

    private double score(double[] x) {
        double s = b;
        for (int j = 0; j < w.length; j++) s += w[j] * x[j];
        return s;
    }

    public double[] getWeights() { return w.clone(); }

    public double getBias() { return b; }

    public int predict(double[] x) { return score(x) > 0 ? 1 : -1; }
}
