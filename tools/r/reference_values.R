#!/usr/bin/env Rscript
# Reference values of clusterCrit 1.3.0 and NbClust 3.0.1 for clustval's compatibility layers
# (clustval.compat.clustercrit, clustval.compat.nbclust). See tools/r/README.md.
#
# Reads every data set tests/fixtures/r/<name>.csv written by tools/r/make_data.py
# (columns x1..xd, then the labellings true, kmeans, noisy, singleton) and writes, next to them:
#   clustercrit_internal.csv  dataset,labels,criterion,value      intCriteria(X, labels, "all")
#   clustercrit_external.csv  dataset,part1,part2,criterion,value extCriteria(part1, part2, "all")
#   clustercrit_best.csv      vector,criterion,best    bestCriterion(x, criterion) on fixed vectors
#   nbclust_index.csv         dataset,method,index_set,index,k,value,value_rounded  All.index
#   nbclust_critical.csv      dataset,method,index_set,index,k,value,value_rounded  All.CriticalValues
#   nbclust_best.csv          dataset,method,index_set,index,best_nc,value_index    Best.nc
#   (index_set: the call's index argument, "all" or "alllong", or one index when "all" failed)
#   nbclust_partition.csv     dataset,method,index_set,labels            Best.partition
#   nbclust_errors.csv        dataset,method,index,message   indices that stop() in R, and
#                             NbClust's warnings ("warning: ..."): a warning that Best.nc's
#                             "data length is not a multiple" means an index had no finite
#                             value and NbClust's Best.nc columns after it are shifted
#   r_session.txt             R and package versions
# Values are written with sprintf("%.17g"), which round-trips every double exactly.
# NbClust rounds All.index and All.CriticalValues to 4 decimals just before returning them
# (value_rounded); value is the same computation with that final round() made the identity,
# so the compat layer can be checked to 1e-10 (NbClust rounds nothing else).
#
# Usage, from the repository root:  Rscript tools/r/reference_values.R [fixture dir]

suppressPackageStartupMessages({
  library(clusterCrit)
  library(NbClust)
})
stopifnot(packageVersion("clusterCrit") == "1.3.0", packageVersion("NbClust") == "3.0.1")

args <- commandArgs(trailingOnly = TRUE)
dir <- if (length(args) >= 1) args[1] else file.path("tests", "fixtures", "r")
datasets <- sub("\\.csv$", "", list.files(dir, pattern = "^(iris|blobs_.*)\\.csv$"))
label_cols <- c("true", "kmeans", "noisy", "singleton")
ext_pairs <- list(c("true", "kmeans"), c("kmeans", "true"), c("true", "noisy"),
                  c("noisy", "kmeans"), c("true", "true"))
nb_methods <- c("ward.D2", "complete", "average", "kmeans")
# "alllong" adds Gap, Gamma, G+ and Tau (N_W x N_B comparisons): not on the largest set
alllong_datasets <- c("blobs_small", "blobs_ties", "iris")
nb_min <- 2L
nb_max <- 8L

num <- function(x) ifelse(is.na(x) & !is.nan(x), "NA", sprintf("%.17g", x))
quote_csv <- function(s) paste0('"', gsub('"', '""', s), '"')
writer <- function(name, header) {
  path <- file.path(dir, name)
  cat(header, "\n", file = path, sep = "")
  function(...) cat(paste(..., sep = ","), "\n", file = path, sep = "", append = TRUE)
}

read_data <- function(name) {
  df <- read.csv(file.path(dir, paste0(name, ".csv")), colClasses = "numeric")
  X <- as.matrix(df[, grep("^x[0-9]+$", names(df)), drop = FALSE])
  labels <- lapply(df[label_cols], as.integer)
  list(X = X, labels = labels)
}

# ---- clusterCrit -------------------------------------------------------------------------
int_out <- writer("clustercrit_internal.csv", "dataset,labels,criterion,value")
ext_out <- writer("clustercrit_external.csv", "dataset,part1,part2,criterion,value")
for (name in datasets) {
  d <- read_data(name)
  for (lab in label_cols) {
    crit <- intCriteria(d$X, d$labels[[lab]], "all")
    for (criterion in getCriteriaNames(TRUE)) {
      # intCriteria's list is named in lower case
      int_out(name, lab, criterion, num(crit[[tolower(criterion)]]))
    }
  }
  for (pair in ext_pairs) {
    crit <- extCriteria(d$labels[[pair[1]]], d$labels[[pair[2]]], "all")
    for (criterion in getCriteriaNames(FALSE)) {
      ext_out(name, pair[1], pair[2], criterion, num(crit[[tolower(criterion)]]))
    }
  }
  message("clusterCrit: ", name)
}

# bestCriterion on fixed vectors (its rules: max, min, largest or smallest second difference)
best_vectors <- list(
  c(1.5, 0.2, 3.7, 3.7, -1.0, 2.2),
  c(10, 8, 7.5, 7.4, 7.35, 7.3),
  c(0.3, 0.5, 0.45, 0.9, 0.1),
  c(2, 4, 8, 16, 32),
  c(5, 5, 5, 5)
)
cc_best_out <- writer("clustercrit_best.csv", "vector,values,criterion,best")
for (v in seq_along(best_vectors)) {
  for (criterion in getCriteriaNames(TRUE)) {
    cc_best_out(v, paste(num(best_vectors[[v]]), collapse = " "), criterion,
             bestCriterion(best_vectors[[v]], criterion))
  }
}

# ---- NbClust -----------------------------------------------------------------------------
# NbClust as shipped, and the same function with its final round(..., digits = 4) made the
# identity (the function's body is untouched: only `round` is looked up in a new frame).
nbclust_rounded <- NbClust::NbClust
nbclust_full <- NbClust::NbClust
unrounded <- new.env(parent = environment(NbClust::NbClust))
assign("round", function(x, digits = 0) x, envir = unrounded)
environment(nbclust_full) <- unrounded

quietly <- function(expr) {
  # NbClust prints its summary and draws Hubert's and Dindex's plots: keep both out of sight
  grDevices::pdf(NULL)
  on.exit(grDevices::dev.off())
  out <- NULL
  utils::capture.output(out <- expr)
  out
}

warned <- character(0)  # NbClust's warnings during the last run

run_nbclust <- function(fn, X, method, index) {
  set.seed(1)  # NbClust seeds Gap's reference sets itself (set.seed(1)); this is belt and braces
  warned <<- character(0)
  withCallingHandlers(
    quietly(fn(X, distance = "euclidean", min.nc = nb_min, max.nc = nb_max, method = method,
               index = index)),
    warning = function(w) {
      warned <<- c(warned, conditionMessage(w))
      invokeRestart("muffleWarning")
    })
}

nb_single <- c("kl", "ch", "hartigan", "ccc", "scott", "marriot", "trcovw", "tracew",
               "friedman", "rubin", "cindex", "db", "silhouette", "duda", "pseudot2", "beale",
               "ratkowsky", "ball", "ptbiserial", "gap", "frey", "mcclain", "gamma", "gplus",
               "tau", "dunn", "hubert", "sdindex", "dindex", "sdbw")
nb_all <- setdiff(nb_single, c("gap", "gamma", "gplus", "tau"))

idx_out <- writer("nbclust_index.csv", "dataset,method,index_set,index,k,value,value_rounded")
crit_out <- writer("nbclust_critical.csv", "dataset,method,index_set,index,k,value,value_rounded")
best_out <- writer("nbclust_best.csv", "dataset,method,index_set,index,best_nc,value_index")
part_out <- writer("nbclust_partition.csv", "dataset,method,index_set,labels")
err_out <- writer("nbclust_errors.csv", "dataset,method,index,message")

as_columns <- function(m, index) {
  # All.index is a matrix (k x index), or a vector when one index was asked for
  if (is.null(dim(m))) {
    m <- matrix(m, ncol = 1, dimnames = list(names(m), index))
  }
  m
}

write_matrix <- function(out, name, method, index_set, full, rounded, index) {
  full <- as_columns(full, index)
  rounded <- as_columns(rounded, index)
  for (j in seq_len(ncol(full))) {
    for (i in seq_len(nrow(full))) {
      out(name, method, index_set, colnames(full)[j], rownames(full)[i], num(full[i, j]),
          num(rounded[i, j]))
    }
  }
}

write_best <- function(name, method, index_set, best, index) {
  if (is.null(dim(best))) {
    best <- matrix(best, nrow = 2, dimnames = list(c("Number_clusters", "Value_Index"), index))
  }
  for (j in seq_len(ncol(best))) {
    best_out(name, method, index_set, colnames(best)[j], num(best[1, j]), num(best[2, j]))
  }
}

record <- function(name, method, index_set, index_label, full, rounded) {
  write_matrix(idx_out, name, method, index_set, full$All.index, rounded$All.index, index_label)
  if (!is.null(full$All.CriticalValues)) {
    write_matrix(crit_out, name, method, index_set, full$All.CriticalValues,
                 rounded$All.CriticalValues, index_label)
  }
  if (!is.null(full$Best.nc)) write_best(name, method, index_set, full$Best.nc, index_label)
  if (!is.null(full$Best.partition)) {
    part_out(name, method, index_set, paste(full$Best.partition, collapse = " "))
  }
}

for (name in datasets) {
  d <- read_data(name)
  sets <- if (name %in% alllong_datasets) c("all", "alllong") else "all"
  for (method in nb_methods) {
    for (index_set in sets) {
      t0 <- proc.time()[["elapsed"]]
      full <- tryCatch(run_nbclust(nbclust_full, d$X, method, index_set), error = function(e) e)
      if (!inherits(full, "error")) {
        for (w in unique(warned)) err_out(name, method, index_set, quote_csv(paste("warning:", w)))
        rounded <- run_nbclust(nbclust_rounded, d$X, method, index_set)
        record(name, method, index_set, index_set, full, rounded)
      } else {
        # one index stopping stops "all": fall back to one call per index and record which fail
        err_out(name, method, index_set, quote_csv(conditionMessage(full)))
        for (index in if (index_set == "all") nb_all else nb_single) {
          one <- tryCatch(run_nbclust(nbclust_full, d$X, method, index), error = function(e) e)
          if (inherits(one, "error")) {
            err_out(name, method, index, quote_csv(conditionMessage(one)))
            next
          }
          rounded <- run_nbclust(nbclust_rounded, d$X, method, index)
          record(name, method, index, index, one, rounded)
        }
      }
      message(sprintf("NbClust: %s %s %s %.1f s", name, method, index_set,
                      proc.time()[["elapsed"]] - t0))
    }
  }
}

writeLines(c(R.version.string,
             paste("clusterCrit", packageVersion("clusterCrit")),
             paste("NbClust", packageVersion("NbClust")),
             paste("RNGkind:", paste(RNGkind(), collapse = " "))),
           file.path(dir, "r_session.txt"))
