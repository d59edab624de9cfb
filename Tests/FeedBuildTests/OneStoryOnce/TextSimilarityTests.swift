import FeedBuild
import Foundation
import Testing

/// How near is near, measured on the labelled pairs (``LabelledPairs``): a wire story and its copies are one, two
/// stories on one topic (sharing names and a quote) and a follow-up (repeating two paragraphs) stay apart.
@Suite struct TextSimilarityTests {
    let similarity = TextSimilarity()

    struct Score {
        var truePositives = 0
        var falsePositives = 0
        var falseNegatives = 0
        var trueNegatives = 0
        var precision: Double { Double(truePositives) / Double(max(1, truePositives + falsePositives)) }
        var recall: Double { Double(truePositives) / Double(max(1, truePositives + falseNegatives)) }
    }

    func score(_ similarity: TextSimilarity) -> (Score, [String]) {
        var score = Score()
        var wrong: [String] = []
        for pair in LabelledPairs.all {
            let found = similarity.isNearIdentical(pair.left, pair.right)
            switch (found, pair.sameStory) {
            case (true, true): score.truePositives += 1
            case (true, false):
                score.falsePositives += 1
                wrong.append("apart but found one: \(pair.name)")
            case (false, true):
                score.falseNegatives += 1
                wrong.append("one but found apart: \(pair.name)")
            case (false, false): score.trueNegatives += 1
            }
        }
        return (score, wrong)
    }

    @Test func theThresholdTellsEveryLabelledPairRight() {
        let pairs = LabelledPairs.all
        #expect(pairs.filter(\.sameStory).count == 24)
        #expect(pairs.filter { !$0.sameStory }.count == 33)
        let (score, wrong) = score(similarity)
        #expect(wrong == [])
        #expect(score.precision == 1 && score.recall == 1)
    }

    /// The measurements docs/feeds-and-sources.md reports: containment, Jaccard and size ratio of each kind of
    /// pair, and precision and recall as the containment threshold moves (printed with NEWSFEED_PRINT_SIMILARITY=1).
    @Test func theMarginsAroundTheThresholdAreWide() {
        var same: [Double] = []
        var apart: [Double] = []
        var jaccards: (same: [Double], apart: [Double]) = ([], [])
        var ratios: [Double] = []
        for pair in LabelledPairs.all {
            let measured = similarity.measure(similarity.fingerprint(pair.left), similarity.fingerprint(pair.right))
            if pair.sameStory {
                same.append(measured.containment)
                jaccards.same.append(measured.jaccard)
                ratios.append(measured.sizeRatio)
            } else {
                apart.append(measured.containment)
                jaccards.apart.append(measured.jaccard)
            }
        }
        #expect(ratios.allSatisfy { $0 >= similarity.minimumSizeRatio })
        let lowestSame = same.min() ?? 0
        let highestApart = apart.max() ?? 1
        #expect(lowestSame >= similarity.minimumContainment + 0.1, "lowest containment of a copy: \(lowestSame)")
        #expect(highestApart <= similarity.minimumContainment - 0.15, "highest containment apart: \(highestApart)")
        if ProcessInfo.processInfo.environment["NEWSFEED_PRINT_SIMILARITY"] == "1" {
            print(
                "jaccard copies \(jaccards.same.min() ?? 0)…\(jaccards.same.max() ?? 0) apart \(jaccards.apart.min() ?? 0)…\(jaccards.apart.max() ?? 0); size ratio of copies \(ratios.min() ?? 0)…"
            )
            print(
                "copies: containment \(same.min() ?? 0)…\(same.max() ?? 0); apart: \(apart.min() ?? 0)…\(highestApart)")
            for threshold in stride(from: 0.1, through: 0.95, by: 0.05) {
                var tuned = similarity
                tuned.minimumContainment = threshold
                let (score, _) = score(tuned)
                print(
                    String(
                        format: "threshold %.2f precision %.3f recall %.3f", threshold, score.precision, score.recall))
            }
        }
    }

    @Test func tooShortATextIsNeverTakenForAnother() {
        #expect(!similarity.isNearIdentical("Ferry and tug collide in fog.", "Ferry and tug collide in fog."))
    }
}
