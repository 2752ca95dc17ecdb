# R fpc's values for clustval.selection.stability's tests (tests/selection/test_stability.py).
#
# Run from the repository's root:  Rscript tools/r/fpc_values.R
# Writes tests/fixtures/r/fpc_*.csv. The tests never need R: they read these files.
#
# fpc draws its own random numbers, so next to each result this script replays the same
# draws (the same set.seed, then the same calls of sample() in the same order) and stores
# them: clustval's functions, given those draws, must give fpc's numbers exactly. The
# clusterings are PAM (deterministic: no random numbers) on data without ties.
suppressPackageStartupMessages(library(fpc))
out <- "tests/fixtures/r"
collapse <- function(v) paste(v, collapse = " ")

# three groups in the plane, rounded so that the CSV holds the data exactly
set.seed(20260)
centres <- rbind(c(0, 0), c(4, 0), c(2, 3.5))
x <- do.call(rbind, lapply(1:3, function(i) cbind(rnorm(14, centres[i, 1], 0.9), rnorm(14, centres[i, 2], 0.9))))
x <- round(x, 3)
colnames(x) <- c("x1", "x2")
n <- nrow(x)
write.csv(x, file.path(out, "fpc_data.csv"), row.names = FALSE)

# prediction.strength: PAM (pamkCBI at one K), classification to the nearest cluster mean
Gmin <- 2; Gmax <- 5; M <- 6
set.seed(1)
ps <- prediction.strength(x, Gmin = Gmin, Gmax = Gmax, M = M, clustermethod = pamkCBI,
                          classification = "centroid")
set.seed(1)
rows <- list()
for (k in Gmin:Gmax) for (l in 1:M) {
  nperm <- sample(n, n)
  rows[[length(rows) + 1]] <- data.frame(k = k, run = l, strength = sprintf("%.17g", ps$predcorr[[k]][l]),
                                         mean = sprintf("%.17g", ps$mean.pred[k]), optimalk = ps$optimalk,
                                         permutation = collapse(nperm))
}
write.csv(do.call(rbind, rows), file.path(out, "fpc_prediction_strength.csv"), row.names = FALSE)

# clusterboot: PAM at K = 3, bootstrap resamples (each drawn object kept once)
B <- 8; K <- 3
cb <- clusterboot(x, B = B, bootmethod = "boot", clustermethod = pamkCBI, k = K, seed = 5,
                  count = FALSE, showplots = FALSE)
set.seed(5)
rows <- list()
for (b in 1:B) {
  drawn <- sample(n, n, replace = TRUE)
  rows[[length(rows) + 1]] <- data.frame(resample = b, drawn = collapse(drawn),
                                         jaccard = collapse(sprintf("%.17g", cb$bootresult[, b])))
}
write.csv(do.call(rbind, rows), file.path(out, "fpc_clusterboot.csv"), row.names = FALSE)
write.csv(data.frame(partition = cb$partition), file.path(out, "fpc_clusterboot_partition.csv"), row.names = FALSE)
write.csv(data.frame(cluster = seq_along(cb$bootmean), mean = sprintf("%.17g", cb$bootmean),
                     dissolved = cb$bootbrd, recovered = cb$bootrecover),
          file.path(out, "fpc_clusterboot_summary.csv"), row.names = FALSE)

# the random clusterings of Hennig (2019): stupidkcentroids and stupidknn
d <- dist(x)
rows <- list()
for (k in 2:5) for (s in 1:3) {
  set.seed(100 * k + s); centroids <- stupidkcentroids(d, k)$partition
  set.seed(100 * k + s); knn <- stupidknn(d, k)
  set.seed(100 * k + s); starts <- sample(n, k)
  rows[[length(rows) + 1]] <- data.frame(k = k, seed = 100 * k + s, starts = collapse(starts),
                                         centroids = collapse(centroids), neighbours = collapse(knn))
}
write.csv(do.call(rbind, rows), file.path(out, "fpc_random.csv"), row.names = FALSE)

writeLines(c(R.version.string, paste("fpc", packageVersion("fpc")),
             paste("cluster", packageVersion("cluster"))), file.path(out, "fpc_session.txt"))
