"""Right: Berkeley CS 188's PerceptronClassifier ported to numpy rows: legalLabels and
max_iterations in the constructor, train(trainingData, trainingLabels) (no validation data
used), weights as {label: row}, argmax over the labels in order (util.Counter.argMax keeps
the first maximum), classify for the guesses."""

from typing import Any

import numpy as np


class PerceptronClassifier:
    def __init__(self, legalLabels: Any, max_iterations: int = 3) -> None:
        self.legalLabels = list(legalLabels)
        self.max_iterations = max_iterations
        self.weights: dict[int, Any] = {}

    def train(self, trainingData: Any, trainingLabels: Any) -> None:
        d = trainingData.shape[1]
        self.weights = {label: np.zeros(d) for label in self.legalLabels}
        for _ in range(self.max_iterations):
            for datum, label in zip(trainingData, trainingLabels, strict=True):
                guess = self.classify([datum])[0]
                if guess != label:
                    self.weights[int(label)] = self.weights[int(label)] + datum
                    self.weights[guess] = self.weights[guess] - datum

    def classify(self, data: Any) -> list[int]:
        guesses = []
        for datum in data:
            scores = [float(self.weights[label] @ datum) for label in self.legalLabels]
            guesses.append(self.legalLabels[scores.index(max(scores))])
        return guesses
