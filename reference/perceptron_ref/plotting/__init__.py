"""Pictures of the perceptron: a run on 2-D data, and a campaign against the bound R²/γ².

* :mod:`.margin`: the exact max-margin separator w* and γ², with its certificate.
* :mod:`.geometry`: exact lines, view box and clipping in the picture's plane.
* :mod:`.scene` and :mod:`.run_figure`: what a run's picture shows, and the drawing;
  :mod:`.marks`: each separator's + side and number, the rings, the legend.
* :mod:`.campaign` and :mod:`.bound_figure`: k against R²/γ² over many data sets.
* :mod:`.style`: deterministic matplotlib output (Agg, fixed font, salt and metadata).

Exact values are computed first; matplotlib only receives floats to draw and exact
fractions as text.
"""
