/* perceptron-ref's helpers for a generated C or C++ driver
   (reference/perceptron_ref/crosscheck/candidates/drivers/native.py): read the data as
   text (n d passes eta bias wlen, the rows, the labels), print numbers as text that reads
   back as the same double (integers exactly), and, in C++, build the containers. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int pr_n, pr_d, pr_passes, pr_bias, pr_wlen;
static double pr_eta;
static double *pr_X, *pr_y;
static void pr_number(double v) {
  if (v != v || v > 1.7976931348623157e308 || v < -1.7976931348623157e308) {
    printf("\"nan\"");
  } else if (v < 9e15 && v > -9e15 && v == (double)(long long)v) {
    printf("%lld", (long long)v);
  } else {
    printf("%.17g", v);
  }
}
static void pr_item(int j, double v) {
  if (j) printf(", ");
  pr_number(v);
}
static void pr_begin(void) { printf("\n{\"perceptron-ref\": 1, \"result\": "); }
static void pr_end(const char *from, double seconds) {
  printf(", \"from\": \"%s\", \"seconds\": %.9f}\n", from, seconds);
}
static double pr_seconds(struct timespec a, struct timespec b) {
  return (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
}
static int pr_read(void) {
  if (scanf("%d %d %d %lf %d %d", &pr_n, &pr_d, &pr_passes, &pr_eta, &pr_bias, &pr_wlen) != 6)
    return 0;
  pr_X = (double *)malloc(sizeof(double) * ((size_t)pr_n * pr_d + 1));
  pr_y = (double *)malloc(sizeof(double) * ((size_t)pr_n + 1));
  for (long i = 0; i < (long)pr_n * pr_d; i++) if (scanf("%lf", &pr_X[i]) != 1) return 0;
  for (int i = 0; i < pr_n; i++) if (scanf("%lf", &pr_y[i]) != 1) return 0;
  return 1;
}

#ifdef __cplusplus
#include <vector>
#include <utility>
template <class T> static std::vector<std::vector<T>> pr_matrix() {
  std::vector<std::vector<T>> m(pr_n, std::vector<T>(pr_d));
  for (int i = 0; i < pr_n; i++) for (int j = 0; j < pr_d; j++) m[i][j] = (T)pr_X[(long)i * pr_d + j];
  return m;
}
template <class T> static std::vector<T> pr_labels() {
  std::vector<T> v(pr_n);
  for (int i = 0; i < pr_n; i++) v[i] = (T)pr_y[i];
  return v;
}
template <class T> static void pr_emit(const T &v) { pr_number((double)v); }
template <class T> static void pr_emit(const std::vector<T> &v) {
  printf("[");
  for (size_t j = 0; j < v.size(); j++) { if (j) printf(", "); pr_emit(v[j]); }
  printf("]");
}
template <class A, class B> static void pr_emit(const std::pair<A, B> &p) {
  printf("["); pr_emit(p.first); printf(", "); pr_emit(p.second); printf("]");
}
#endif
