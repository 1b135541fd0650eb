"""Right, but a script: at import it reads a CSV file the grader does not have, uses pandas
without importing it, trains and plots.  Loaded as definitions only, its function is judged."""

import numpy as np

df = pd.read_csv("iris.data", header=None)
y = np.where(df.iloc[0:100, 4].values == "Iris-setosa", -1, 1)
X = df.iloc[0:100, [0, 2]].values


def train(X, y, epochs=1):
    w = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, t in zip(X, y):
            if t * (w @ x) <= 0:
                w = w + t * x
    return w


w = train(X, y, epochs=10)
plt.plot(X[:, 0], X[:, 1], "o")
plt.show()
