# R's gap statistic (cluster::clusGap) and its stopping rules (cluster::maxSE), for
# clustval.selection.gap (tests/selection/test_gap_r.py). Needs the package cluster. From the repository root:
#   Rscript tools/r/clusgap_values.R
# writes tests/fixtures/r/clusgap_data.csv, clusgap_tab.csv, clusgap_rules.csv, clusgap_clusterings.csv
# and clusgap_maxse.csv (a few seconds).

suppressPackageStartupMessages(library(cluster))
args <- commandArgs(trailingOnly = TRUE)
dir <- if (length(args) >= 1) args[1] else file.path("tests", "fixtures", "r")
num <- function(x) sprintf("%.17g", x)
methods <- eval(formals(maxSE)$method)
se_factors <- c(0, 0.5, 1, 2)

# The data sets, rounded to 6 decimals so that the CSV holds them exactly as R used them
set.seed(20260)
datasets <- list(
  blobs = round(rbind(matrix(rnorm(24, 0, 0.4), 12), matrix(rnorm(24, 0, 0.4), 12) + rep(c(4, 0), each = 12),
                      matrix(rnorm(24, 0, 0.4), 12) + rep(c(1, 4), each = 12)), 6),
  tilted = round(rbind(matrix(rnorm(30), 15) %*% matrix(c(3, 1, 0, 0.3), 2),
                       matrix(rnorm(30), 15) %*% matrix(c(3, 1, 0, 0.3), 2) + rep(c(0, 2), each = 15)), 6),
  cube = round(matrix(runif(72), 24, 3), 6)
)
datasets$flat_column <- cbind(datasets$blobs, 2.5)  # runif(n, a, a) draws nothing
con <- file(file.path(dir, "clusgap_data.csv"), "w")
writeLines("dataset,row,values", con)
for (name in names(datasets)) {
  X <- datasets[[name]]
  for (i in seq_len(nrow(X))) writeLines(paste(name, i, paste(num(X[i, ]), collapse = " "), sep = ","), con)
}
close(con)

# clusGap as its help page calls it with pam, and with R's kmeans (whose random starts draw
# from the same stream as the reference sets, between them)
funs <- list(pam = function(x, k) list(cluster = pam(x, k, cluster.only = TRUE)), kmeans = kmeans)
runs <- list()
for (name in setdiff(names(datasets), "flat_column")) for (space in c("scaledPCA", "original")) for (dp in c(1, 2)) {
  runs[[length(runs) + 1]] <- list(name = name, fun = "pam", space = space, dp = dp, B = 8L, kmax = 5L,
                                   seed = 10L + length(runs))
}
runs[[length(runs) + 1]] <- list(name = "flat_column", fun = "pam", space = "original", dp = 2, B = 8L, kmax = 5L,
                                 seed = 10L + length(runs))
for (space in c("scaledPCA", "original")) {
  runs[[length(runs) + 1]] <- list(name = "blobs", fun = "kmeans", space = space, dp = 2, B = 6L, kmax = 5L,
                                   seed = 10L + length(runs))
}

# Every clustering clusGap asks for, in its order (X at k = 2..K.max, then each reference set),
# so that a test can replay R's clusterings and check the rest of the computation alone
calls <- file(file.path(dir, "clusgap_clusterings.csv"), "w")
writeLines("run,call,k,cluster", calls)
recording <- function(FUN, r) {
  call <- 0L
  function(x, k) {
    res <- FUN(x, k)
    call <<- call + 1L
    writeLines(paste(r, call, k, paste(res$cluster, collapse = " "), sep = ","), calls)
    res
  }
}
tab <- file(file.path(dir, "clusgap_tab.csv"), "w")
rules <- file(file.path(dir, "clusgap_rules.csv"), "w")
writeLines("run,dataset,fun,spaceH0,d_power,B,seed,k,logW,E.logW,gap,SE.sim", tab)
writeLines("run,method,SE.factor,k", rules)
for (r in seq_along(runs)) {
  run <- runs[[r]]
  set.seed(run$seed)
  g <- clusGap(datasets[[run$name]], recording(funs[[run$fun]], r), K.max = run$kmax, B = run$B, d.power = run$dp,
               spaceH0 = run$space, verbose = FALSE)
  T <- g$Tab
  for (k in seq_len(nrow(T))) {
    writeLines(paste(r, run$name, run$fun, run$space, run$dp, run$B, run$seed, k,
                     paste(num(T[k, c("logW", "E.logW", "gap", "SE.sim")]), collapse = ","), sep = ","), tab)
  }
  for (m in methods) for (f in se_factors) {
    writeLines(paste(r, m, f, maxSE(T[, "gap"], T[, "SE.sim"], method = m, SE.factor = f), sep = ","), rules)
  }
}
close(tab)
close(rules)
close(calls)

# maxSE alone, on vectors with plateaus, ties, monotone runs and a single K
vectors <- list(
  list(f = c(0.5, 0.8, 0.75, 0.9, 0.85), s = c(0.1, 0.1, 0.1, 0.1, 0.1)),
  list(f = c(0.1, 0.2, 0.3, 0.4), s = c(0.05, 0.05, 0.05, 0.05)),
  list(f = c(0.4, 0.3, 0.2, 0.1), s = c(0.05, 0.05, 0.05, 0.05)),
  list(f = c(0.2, 0.5, 0.5, 0.7, 0.6), s = c(0.02, 0.3, 0.01, 0.15, 0.1)),
  list(f = c(1, 1, 1), s = c(0, 0, 0)),
  list(f = c(0.7), s = c(0.2)),
  list(f = c(-0.2, 0.1, 0.05, 0.4, 0.38, 0.41), s = c(0.03, 0.04, 0.02, 0.05, 0.01, 0.02))
)
set.seed(7)
for (i in 1:20) {
  K <- sample(2:9, 1)
  vectors[[length(vectors) + 1]] <- list(f = round(runif(K), 1), s = round(runif(K, 0, 0.2), 2))
}
con <- file(file.path(dir, "clusgap_maxse.csv"), "w")
writeLines("f,SE.f,method,SE.factor,k", con)
for (v in vectors) for (m in methods) for (fac in se_factors) {
  writeLines(paste(paste(num(v$f), collapse = " "), paste(num(v$s), collapse = " "), m, fac,
                   maxSE(v$f, v$s, method = m, SE.factor = fac), sep = ","), con)
}
close(con)
cat(R.version.string, "cluster", format(packageVersion("cluster")), "\n")
