#include <stdio.h>

/* Right: a C function that writes n_features + 1 weights, the bias last; Mehta's rule
   (predict +1 iff the score >= 0); a demo main. */
void train(double **X, int *y, int n_samples, int n_features, double *weights, double lr, int epochs)
{
    for (int e = 0; e < epochs; e++) {
        for (int i = 0; i < n_samples; i++) {
            double s = weights[n_features];
            for (int j = 0; j < n_features; j++) s += weights[j] * X[i][j];
            int pred = s >= 0 ? 1 : -1;
            if (pred != y[i]) {
                for (int j = 0; j < n_features; j++) weights[j] += lr * y[i] * X[i][j];
                weights[n_features] += lr * y[i];
            }
        }
    }
}

int main(void)
{
    double a[] = {1, 2}, b[] = {-1, -2};
    double *X[] = {a, b};
    int y[] = {1, -1};
    double w[3] = {0};
    train(X, y, 2, 2, w, 0.1, 10);
    printf("%f %f %f\n", w[0], w[1], w[2]);
    return 0;
}
