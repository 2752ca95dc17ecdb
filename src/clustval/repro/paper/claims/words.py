"""Every experimental statement of the paper, in its own words (Chinese) and in English.

Xie, Zhou, Wang, Jiang (2017), *New criteria for evaluating the validity of clustering*
(聚类有效性评价新指标), CAAI Transactions on Intelligent Systems 12(6): 873-882. The Chinese
text is the paper's, from its sections 3.1-3.2, the abstract (摘要) and the conclusion
(结束语); the English is ours, as literal as English allows.

A statement is ``checked`` (a claim with a verdict, :mod:`.checks`) or ``not tested``, with
the reason: the pipeline reports every statement, and says why it leaves one unchecked.
"""

from __future__ import annotations

from dataclasses import dataclass

from .results import ClaimResult

CHECKED, NOT_TESTED = "checked", "not tested"


@dataclass(frozen=True)
class Statement:
    """One statement of the paper: where it stands, its words, and whether it is checked."""

    id: str
    where: str  # the section and figure or table it describes
    zh: str  # the paper's words
    en: str  # our translation
    status: str = CHECKED
    reason: str = ""  # why a statement is not tested

    def as_params(self) -> dict:
        return {"id": self.id, "where": self.where, "zh": self.zh, "en": self.en,
                "status": self.status, "reason": self.reason}


STATEMENTS: tuple[Statement, ...] = (
    Statement(
        "C1", "§3.1, Fig. 3",
        "只有图3(a)展示的STDI指标的实验结果可以发现图1所示人工数据集的真实类簇数9，其余5个指标均在类簇数为3时最佳，"
        "即其余指标发现的该数据集类簇数是3。",
        "Only STDI (Fig. 3(a)) finds the true number of clusters of the Fig. 1 set, 9; the other "
        "five indices are all best at 3 clusters, that is, they find 3.",
    ),
    Statement(
        "C2", "§3.2, Fig. 4(a)",
        "图4(a)人工模拟数据集的实验结果揭示，除了含有6个不平衡类簇的人工模拟数据集外，本文提出的同时考虑正负类信息的"
        "聚类有效性评价指标S2与其他指标相比具有最高值",
        "Fig. 4(a): except on the synthetic set with 6 unbalanced clusters, S2 has the highest "
        "value of all the indices.",
    ),
    Statement(
        "C3", "§3.2, Fig. 4(b)",
        "提出的外部评价指标S2在12个真实数据集的指标值只有在Segmentation和Bupa两个数据集的测试指标值不是最高，在其余"
        "10个真实数据集的测试结果值均高于聚类准确率Accuracy，以及经典外部指标Rand index指数，ARI，Jaccard系数和F-measure。",
        "Of the 12 real sets, S2 is not the highest only on Segmentation and Bupa; on the other 10 "
        "it is above Accuracy and the classical Rand index, ARI, Jaccard and F-measure.",
    ),
    Statement(
        "C4", "§3.2, Figs. 4, 5",
        "当前最优的外部评价指标ARI在各指标值中位居后两位，特别是在真实数据集，ARI特别突出的位于后两位。"
        "……（图5）当前最佳聚类评价指标ARI在带有噪音和类簇分布不平衡的人工模拟数据集，以及样本规模，类簇数和各类簇"
        "样本规模变化各异的真实数据集的测试结果与其他指标相比，取值较低，在6个比较指标中居后两位。",
        "Fig. 4: ARI, the best external index to date, ranks among the last two of the indices, most "
        "markedly on the real sets. ... Fig. 5: ARI, the best index to date, takes low values on the "
        "synthetic sets with noise and unbalanced clusters and on the real sets of varied sizes and "
        "numbers of clusters: among the last two of the 6 indices compared.",
    ),
    Statement(
        "C5", "§3.2, Fig. 5(a)",
        "图5(a)人工模拟数据集的实验结果显示，除了含有6个不平衡类簇的人工模拟数据集，提出的基于样本对信息，同时考虑正负类"
        "信息的外部评价指标PS2在其他人工模拟数据集的指标值基本与聚类准确率重合，或略低于聚类准确率",
        "Fig. 5(a): except on the synthetic set with 6 unbalanced clusters, PS2 nearly coincides "
        "with Accuracy, or lies slightly below it.",
    ),
    Statement(
        "C6", "§3.2, Fig. 5(b)",
        "图5(b)真实数据集实验结果显示，提出的PS2指标低于或等于聚类准确率，聚类准确率或Rand index指数在真实数据集的"
        "测试结果高于等于提出的PS2指标。",
        "Fig. 5(b): PS2 is below or equal to Accuracy; on the real sets Accuracy or the Rand index "
        "is at least PS2.",
    ),
    Statement(
        "C7", "§3.2, Fig. 6(a)",
        "图6(a)人工模拟数据集实验结果显示，除了在含有6个不平衡类簇的人工模拟数据集的S2指标低于PS2指标和聚类准确率外，"
        "在其余人工模拟数据集上，S2指标的指标值均高于PS2指标，聚类准确率居中。",
        "Fig. 6(a): except on the synthetic set with 6 unbalanced clusters, where S2 is below PS2 "
        "and Accuracy, S2 is above PS2 on every synthetic set, with Accuracy in between.",
    ),
    Statement(
        "C8", "§3.2, Fig. 6(b)",
        "图6(b)真实数据集实验结果显示，在真实数据集的S2指标明显高于PS2指标值。真实数据集的聚类准确率Accuracy除了在"
        "Bupa数据集高于S2和PS2指标，在Segmentation数据集低于S2和PS2指标外，在其余数据集的聚类准确率均低于等于S2指标，"
        "但高于PS2指标。",
        "Fig. 6(b): on the real sets S2 is clearly above PS2. Accuracy is above S2 and PS2 on "
        "Bupa, below both on Segmentation, and elsewhere at most S2 but above PS2.",
    ),
    Statement(
        "C9", "§1, Table 1",
        "此时的F-measure指标值是0.67，但实际聚类结果毫无意义。",
        "For the clustering of Table 1 (everything in one cluster) F-measure is 0.67, although "
        "the clustering means nothing; S2 and PS2 are 0 by eqs. (3) and (8).",
    ),
    Statement(
        "C10", "§3.2, Fig. 4(a)",
        "且与其他指标在各数据集测试的指标值走势一致。",
        "Fig. 4(a): and S2 follows the same trend across the synthetic sets as the other indices.",
    ),
    Statement(
        "C11", "§3.2, Fig. 4(b)",
        "另外，提出的S2指标在各真实数据集的测试值与Accuracy，Jaccard，ARI和F-measure各指标值的走势基本一致，"
        "但与Rand index指标不太一致。",
        "Fig. 4(b): across the real sets S2's trend basically agrees with Accuracy, Jaccard, ARI "
        "and F-measure, but not quite with the Rand index.",
    ),
    Statement(
        "C12", "§3.2, Fig. 4(a), (b)",
        "图4(a)和(b)的实验结果共同揭示，提出的S2指标的测试值与聚类准确率Accuracy，外部指标F-measure，Rand index指数，"
        "ARI和Jaccard系数在各数据集的基本走势大体一致。",
        "Figs. 4(a) and (b) together: across all the sets S2's trend broadly agrees with Accuracy, "
        "F-measure, the Rand index, ARI and Jaccard.",
    ),
    Statement(
        "C13", "§3.2, Fig. 5(a)",
        "……或略低于聚类准确率，但走势一致。",
        "Fig. 5(a): (PS2 ... or slightly below Accuracy) but with the same trend as Accuracy, "
        "except on the set with 6 unbalanced clusters.",
    ),
    Statement(
        "C14", "§3.2, Fig. 6(a), (b)",
        "S2和PS2均能正确评价聚类结果的有效性，其走势与聚类准确率大体一致。其中，S2指标的走势更趋近于聚类准确率。",
        "Fig. 6: S2 and PS2 both follow Accuracy's trend broadly; of the two, S2's trend is the "
        "closer to Accuracy.",
    ),
    Statement(
        "C15", "Abstract; §4",
        "UCI数据集和人工模拟数据集实验测试表明，提出的新内部评价指标能有效发现数据集的真实类簇数",
        "Experiments on the UCI and synthetic sets show that the new internal index (STDI) "
        "effectively finds the true number of clusters of a data set. (The paper shows it on the "
        "Fig. 1 set only: checked here on the twelve UCI sets.)",
    ),
    Statement(
        "N1", "§3.2; abstract",
        "特别设计了带有噪音，类簇分布平衡和不平衡的人工模拟数据集",
        "The synthetic sets were designed with noise, balanced and unbalanced clusters.",
        status=NOT_TESTED,
        reason="reconstructed data: the paper publishes no generator; the reconstructions of "
        "Table 4 are Gaussian clusters that overlap but carry no separate noise points",
    ),
    Statement(
        "N2", "Abstract; §4",
        "提出的外部指标S2和PS2是非常有效的聚类有效性外部评价指标，可有效评价存在类偏斜与噪音数据的聚类结果。",
        "S2 and PS2 are very effective external indices, able to evaluate clusterings of skewed "
        "and noisy data.",
        status=NOT_TESTED,
        reason="a judgement drawn from C2-C8, which are checked; 'effective' names no measurement",
    ),
    Statement(
        "N3", "§3.1",
        "当类簇数为9时，各类簇质心方差较大，而簇内样本方差较小，因此得到最佳聚类结果",
        "At 9 clusters the centroids' variance is large and the within-cluster variance small, so "
        "9 gives the best clustering.",
        status=NOT_TESTED,
        reason="an explanation of C1 (eq. (9)'s numerator and denominator), not a separate result",
    ),
)

#: The paper's judgements: each draws a conclusion from checked claims and names no measurement of
#: its own, so it is listed as a statement, with the claims it rests on, and not tested apart.
JUDGEMENTS: tuple[Statement, ...] = (
    Statement(
        "N4", "§3.1, after Fig. 3",
        "由此可见，本文提出的STDI指标是非常有效的一种聚类评价指标。",
        "Hence the proposed STDI is a very effective clustering validity index.",
        status=NOT_TESTED,
        reason="a judgement drawn from C1 (and the abstract's C15), which are checked; 'very effective' names "
        "no measurement",
    ),
    Statement(
        "N5", "§3.2, Fig. 4(a)",
        "因此，可以说提出的S2指标可以有效评价存在类偏斜分布的聚类结果。",
        "So S2 can be said to evaluate effectively clusterings of skewed class distributions.",
        status=NOT_TESTED,
        reason="a judgement drawn from C2 and C10, which are checked",
    ),
    Statement(
        "N6", "§3.2, Figs. 4, 5",
        "这更进一步说明了提出的同时考虑正负类信息的外部评价指标S2的有效性。",
        "This further shows the effectiveness of S2, which weighs both the positive and the negative classes.",
        status=NOT_TESTED,
        reason="a judgement drawn from C3 and C4, which are checked",
    ),
)
STATEMENTS = STATEMENTS + JUDGEMENTS

STATEMENT_BY_ID = {statement.id: statement for statement in STATEMENTS}


def statement_params() -> list[dict]:
    """The statements as the claims job's params carry them."""
    return [statement.as_params() for statement in STATEMENTS]


def untested_results(settings) -> list:
    """The statements the pipeline does not test, as rows of the claims table (verdict
    ``not tested``, the reason as their numbers)."""
    return [
        ClaimResult(id=s["id"], source=s["where"], statement=s["en"], rule="not tested", verdict=NOT_TESTED,
                    summary=s["reason"])
        for s in settings.statements if s["status"] == NOT_TESTED
    ]
