#include <iostream>
#include <vector>
using namespace std;

// Right: a C++ function on vectors that returns its weights; Gormley's rule; no bias.
vector<double> perceptron(const vector<vector<double>>& X, const vector<int>& y, int epochs = 10, double eta = 1.0) {
    size_t d = X[0].size();
    vector<double> w(d, 0.0);
    for (int e = 0; e < epochs; ++e) {
        for (size_t i = 0; i < X.size(); ++i) {
            double s = 0;
            for (size_t j = 0; j < d; ++j) s += w[j] * X[i][j];
            if (y[i] * s <= 0)
                for (size_t j = 0; j < d; ++j) w[j] += eta * y[i] * X[i][j];
        }
        cout << "epoch " << e << endl;
    }
    return w;
}
