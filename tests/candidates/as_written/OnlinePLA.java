import java.util.List;

/** Wrong: made with its data, trained by train() (no data of its own); the constructor does
 *  not train.  It updates only when y·w·x < 0: a zero score is no mistake, so from w = 0 it
 *  never moves. */
public class OnlinePLA {
    private final List<double[]> xs;
    private final int[] ys;
    private final double eta;
    private double[] weights;
    private double bias;

    public OnlinePLA(List<double[]> xs, int[] ys, double eta) {
        this.xs = xs;
        this.ys = ys;
        this.eta = eta;
    }

    public void train(int epochs) {
        weights = new double[xs.get(0).length];
        for (int e = 0; e < epochs; e++) {
            for (int i = 0; i < ys.length; i++) {
                double[] x = xs.get(i);
                double s = bias;
                for (int j = 0; j < x.length; j++) s += weights[j] * x[j];
                if (ys[i] * s < 0) {
                    for (int j = 0; j < x.length; j++) weights[j] += eta * ys[i] * x[j];
                    bias += eta * ys[i];
                }
            }
        }
    }

    public double[] getWeights() { return weights; }

    public double getBias() { return bias; }
}
