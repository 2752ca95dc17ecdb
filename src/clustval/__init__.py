"""clustval: clustering validity indices, exact and fast.

External indices compare a clustering with the true classes (from one contingency table);
internal indices judge a clustering from the data alone (from one chunked distance pass).
"""

__version__ = "0.1.0"
