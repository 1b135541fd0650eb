"""Written for a pandas DataFrame and Series (df.iterrows(), labels.iloc): given the numpy
arrays crosscheck sends it fails, and the reason says what it takes."""

import numpy as np
import pandas as pd


def train(df, labels, epochs=1):
    w = np.zeros(df.shape[1])
    for _ in range(epochs):
        for i, row in df.iterrows():
            x = row.to_numpy(dtype=float)
            if labels.iloc[i] * (w @ x) <= 0:
                w = w + labels.iloc[i] * x
    return pd.Series(w, index=df.columns)
