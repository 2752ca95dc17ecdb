# R's random numbers and k-means, for clustval.compat.r_random and clustval.compat.r_kmeans
# (tests/compat/test_r_stats.py). Plain R, no package. From the repository root:
#   Rscript tools/r/r_stats_values.R
# writes tests/fixtures/r/r_random.csv and tests/fixtures/r/r_kmeans.txt.

args <- commandArgs(trailingOnly = TRUE)
dir <- if (length(args) >= 1) args[1] else file.path("tests", "fixtures", "r")
num <- function(x) sprintf("%.17g", x)

# runif and sample.int after set.seed, for seeds small, large and negative
rnd <- file(file.path(dir, "r_random.csv"), "w")
writeLines("seed,call,values", rnd)
for (seed in c(1L, 2L, 42L, 12345L, -7L, 2147483647L)) {
  set.seed(seed); writeLines(paste(seed, '"runif(300)"', paste(num(runif(300)), collapse = " "), sep = ","), rnd)
  set.seed(seed); writeLines(paste(seed, '"runif(5,-3,10)"', paste(num(runif(5, -3, 10)), collapse = " "), sep = ","), rnd)
  for (n in c(5L, 10L, 150L, 65536L, 70000L, 100000L)) {
    size <- min(n, 20L)
    set.seed(seed)
    writeLines(paste(seed, sprintf('"sample.int(%d,%d)"', n, size),
                     paste(sample.int(n, size), collapse = " "), sep = ","), rnd)
  }
}
close(rnd)

# set.seed(1); kmeans(X, k) on seeded random sets, rounded so that many distances tie
km <- file(file.path(dir, "r_kmeans.txt"), "w")
writeLines(c("# X n d <row-major values>, then K k iter.max <clusters or ERR> for each k",
             paste("#", R.version.string)), km)
for (s in 1:40) {
  set.seed(100 + s)
  n <- sample(20:200, 1)
  d <- sample(1:5, 1)
  X <- matrix(round(rnorm(n * d) * ifelse(s %% 3 == 0, 1, 3), ifelse(s %% 2 == 0, 0, 2)), n, d)
  writeLines(paste("X", n, d, paste(num(as.vector(t(X))), collapse = " ")), km)
  for (k in 2:8) {
    for (iter_max in c(10L, 100L)) {
      set.seed(1)
      r <- tryCatch(suppressWarnings(kmeans(X, k, iter_max)), error = function(e) NULL)
      writeLines(paste("K", k, iter_max, if (is.null(r)) "ERR" else paste(r$cluster, collapse = " ")), km)
    }
  }
}
close(km)
