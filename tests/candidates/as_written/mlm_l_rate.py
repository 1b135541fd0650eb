"""Right: the tutorial's ``train_weights(train, l_rate, n_epoch)``: one data argument (rows
with the label last), labels 0/1, ``weights[0]`` the bias, plain Python lists, a print per
pass, and a demo at the top level (left out when loaded).  Mehta's rule (1 iff the
activation >= 0), written as error = label − prediction."""


# Make a prediction with weights
def predict(row, weights):
    activation = weights[0]
    for i in range(len(row) - 1):
        activation += weights[i + 1] * row[i]
    return 1.0 if activation >= 0.0 else 0.0


# Estimate perceptron weights using stochastic gradient descent
def train_weights(train, l_rate, n_epoch):
    weights = [0.0 for i in range(len(train[0]))]
    for epoch in range(n_epoch):
        sum_error = 0.0
        for row in train:
            prediction = predict(row, weights)
            error = row[-1] - prediction
            sum_error += error**2
            weights[0] = weights[0] + l_rate * error
            for i in range(len(row) - 1):
                weights[i + 1] = weights[i + 1] + l_rate * error * row[i]
        print(">epoch=%d, lrate=%.3f, error=%.3f" % (epoch, l_rate, sum_error))
    return weights


dataset = [[2.78, 2.55, 0], [1.46, 2.36, 0], [3.39, 4.40, 0], [7.62, 2.75, 1], [5.33, 2.08, 1]]
l_rate = 0.1
n_epoch = 5
weights = train_weights(dataset, l_rate, n_epoch)
print(weights)
