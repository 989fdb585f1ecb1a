/*
 * C reference for the BSR 3x3 mat-vec benchmark (bench/run.mjs).
 *
 * Builds the same matrix as bench/generate.mjs, bit for bit: xorshift32 from a
 * fixed seed; per block row the diagonal block plus (per - 1) distinct random
 * columns, sorted; nine values per block in [-1, 1), +8 on the diagonal of the
 * diagonal block; then x. Times y = W x and prints one JSON line.
 *
 * usage: bsr-matvec ROWS PER_ROW SEED ROUNDS REPS
 * Compiled by the bench with gcc -O3 -march=native (and -fopenmp for the
 * threaded variant: OMP_NUM_THREADS sets the thread count).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static uint32_t state;

static uint32_t next_u32(void) {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}

static double next_unit(void) { return (double)next_u32() / 4294967296.0 * 2.0 - 1.0; }

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void bsr_mul(int rows, const int *restrict row_ptr, const int *restrict col_idx, const double *restrict values,
                    const double *restrict x, double *restrict y) {
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
  for (int i = 0; i < rows; i++) {
    double y0 = 0, y1 = 0, y2 = 0;
    for (int k = row_ptr[i]; k < row_ptr[i + 1]; k++) {
      const double *a = values + 9 * (size_t)k;
      const double *xj = x + 3 * (size_t)col_idx[k];
      const double x0 = xj[0], x1 = xj[1], x2 = xj[2];
      y0 += a[0] * x0 + a[1] * x1 + a[2] * x2;
      y1 += a[3] * x0 + a[4] * x1 + a[5] * x2;
      y2 += a[6] * x0 + a[7] * x1 + a[8] * x2;
    }
    y[3 * i] = y0;
    y[3 * i + 1] = y1;
    y[3 * i + 2] = y2;
  }
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s ROWS PER_ROW SEED ROUNDS REPS\n", argv[0]);
    return 2;
  }
  const int rows = atoi(argv[1]), per = atoi(argv[2]);
  const int rounds = atoi(argv[4]), reps = atoi(argv[5]);
  state = (uint32_t)strtoul(argv[3], NULL, 10);
  if (rows < 1 || per < 1 || per > rows || rounds < 1 || reps < 1) {
    fprintf(stderr, "bad arguments\n");
    return 2;
  }
  const size_t nnz = (size_t)rows * per;
  int *row_ptr = malloc(sizeof(int) * (rows + 1));
  int *col_idx = malloc(sizeof(int) * nnz);
  int *cols = malloc(sizeof(int) * per);
  double *values = malloc(sizeof(double) * 9 * nnz);
  double *x = malloc(sizeof(double) * 3 * (size_t)rows);
  double *y = malloc(sizeof(double) * 3 * (size_t)rows);
  double *times = malloc(sizeof(double) * rounds);
  if (!row_ptr || !col_idx || !cols || !values || !x || !y || !times) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }

  size_t k = 0;
  row_ptr[0] = 0;
  for (int i = 0; i < rows; i++) {
    cols[0] = i;
    int c = 1;
    while (c < per) {
      const int j = (int)(next_u32() % (uint32_t)rows);
      int dup = 0;
      for (int t = 0; t < c; t++) dup |= cols[t] == j;
      if (!dup) cols[c++] = j;
    }
    qsort(cols, per, sizeof(int), cmp_int);
    for (int t = 0; t < per; t++, k++) {
      col_idx[k] = cols[t];
      for (int e = 0; e < 9; e++) values[9 * k + e] = next_unit();
      if (cols[t] == i) {
        values[9 * k] += 8;
        values[9 * k + 4] += 8;
        values[9 * k + 8] += 8;
      }
    }
    row_ptr[i + 1] = (int)k;
  }
  for (int i = 0; i < 3 * rows; i++) x[i] = next_unit();

  for (int w = 0; w < 2 * reps; w++) bsr_mul(rows, row_ptr, col_idx, values, x, y);
  for (int r = 0; r < rounds; r++) {
    const double t0 = now_ms();
    for (int q = 0; q < reps; q++) bsr_mul(rows, row_ptr, col_idx, values, x, y);
    times[r] = (now_ms() - t0) / reps;
  }
  double checksum = 0;
  for (int i = 0; i < 3 * rows; i++) checksum += y[i] * (double)(1 + i % 7);
  qsort(times, rounds, sizeof(double), cmp_double);
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  printf("{\"threads\":%d,\"median\":%.6f,\"min\":%.6f,\"max\":%.6f,\"checksum\":%.17g}\n", threads, times[rounds / 2], times[0],
         times[rounds - 1], checksum);
  free(row_ptr); free(col_idx); free(cols); free(values); free(x); free(y); free(times);
  return 0;
}
