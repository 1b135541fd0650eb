import java.util.Arrays;

/** Right: a Java class with fit and a getter; weights and a bias; Gormley's rule. */
public class Perceptron {
    private double[] weights;
    private double bias;
    private final double learningRate;
    private final int epochs;

    public Perceptron(double learningRate, int epochs) {
        this.learningRate = learningRate;
        this.epochs = epochs;
    }

    public void fit(double[][] X, int[] y) {
        weights = new double[X[0].length];
        bias = 0;
        for (int e = 0; e < epochs; e++) {
            int errors = 0;
            for (int i = 0; i < X.length; i++) {
                double s = bias;
                for (int j = 0; j < weights.length; j++) s += weights[j] * X[i][j];
                if (y[i] * s <= 0) {
                    for (int j = 0; j < weights.length; j++) weights[j] += learningRate * y[i] * X[i][j];
                    bias += learningRate * y[i];
                    errors++;
                }
            }
            System.out.println("epoch " + e + ": " + errors + " errors");
        }
    }

    public double[] getWeights() { return weights; }

    public double getBias() { return bias; }

    public static void main(String[] args) {
        Perceptron p = new Perceptron(0.1, 10);
        p.fit(new double[][] {{1, 2}, {-1, -2}}, new int[] {1, -1});
        System.out.println(Arrays.toString(p.getWeights()) + " " + p.getBias());
    }
}
