"""The voted perceptron's tests: the vectors, the counts, the vote at a tie, and right on each
regime."""

from perceptron_ref.crosscheck.data.families.voted import REGIMES
from perceptron_ref.grading.families import Scored
from perceptron_ref.grading.families.averaged import WORDS

SCORED = Scored(
    {r: WORDS[r] for r in REGIMES.names if r in WORDS},  # round-sizes: see scoring.SHARED
    {"vectors": "The vectors", "counts": "The counts", "vote": "The vote at a tie"},
)
