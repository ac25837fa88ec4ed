#include "randomforest.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tb {

namespace {

struct Split
{
    int feature = -1;
    double threshold = 0;
    double score = std::numeric_limits<double>::infinity(); // summed squared error of both sides
};

void meanAndVariance(const std::vector<int> &rows, const Eigen::VectorXd &targets, double &mean,
                     double &variance)
{
    mean = 0;
    for (const int row : rows)
        mean += targets[row];
    mean /= static_cast<double>(rows.size());
    variance = 0;
    for (const int row : rows)
        variance += (targets[row] - mean) * (targets[row] - mean);
    variance /= static_cast<double>(rows.size());
}

// The best threshold on one input: rows sorted by it, every cut between two distinct values
// leaving at least minLeaf rows a side, scored by the squared error left (prefix sums).
void bestCutOn(int feature, std::vector<int> rows, const Eigen::MatrixXd &inputs,
               const Eigen::VectorXd &targets, int minLeaf, Split &best)
{
    std::sort(rows.begin(), rows.end(),
              [&](int a, int b) { return inputs(a, feature) < inputs(b, feature); });
    const auto n = static_cast<int>(rows.size());
    double totalSum = 0, totalSquares = 0;
    for (const int row : rows) {
        totalSum += targets[row];
        totalSquares += targets[row] * targets[row];
    }
    double leftSum = 0, leftSquares = 0;
    for (int i = 0; i + 1 < n; ++i) {
        leftSum += targets[rows[i]];
        leftSquares += targets[rows[i]] * targets[rows[i]];
        const double here = inputs(rows[i], feature), next = inputs(rows[i + 1], feature);
        if (i + 1 < minLeaf || n - i - 1 < minLeaf || here == next)
            continue;
        const double leftCount = i + 1, rightCount = n - i - 1;
        const double rightSum = totalSum - leftSum, rightSquares = totalSquares - leftSquares;
        const double error = leftSquares - leftSum * leftSum / leftCount + rightSquares -
                             rightSum * rightSum / rightCount;
        if (error < best.score) {
            best.score = error;
            best.feature = feature;
            best.threshold = 0.5 * (here + next);
        }
    }
}

} // namespace

RandomForest::RandomForest(int trees, int minLeafRows, std::uint64_t seed)
    : m_treeCount(std::max(trees, 1)), m_minLeafRows(std::max(minLeafRows, 1)), m_random(seed)
{}

void RandomForest::fit(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets)
{
    m_trees.assign(static_cast<std::size_t>(m_treeCount), {});
    const auto n = static_cast<std::uint64_t>(inputs.rows());
    m_inSample.assign(m_trees.size(), std::vector<bool>(n, false));
    for (std::size_t t = 0; t < m_trees.size(); ++t) {
        std::vector<int> sample(n);
        for (int &row : sample) {
            row = static_cast<int>(m_random.below(n));
            m_inSample[t][static_cast<std::size_t>(row)] = true;
        }
        grow(m_trees[t], std::move(sample), inputs, targets);
    }
}

// Grows the subtree of these rows; returns its root's index in the tree.
int RandomForest::grow(Tree &tree, std::vector<int> rows, const Eigen::MatrixXd &inputs,
                       const Eigen::VectorXd &targets)
{
    const int index = static_cast<int>(tree.size());
    tree.emplace_back();
    Node node;
    meanAndVariance(rows, targets, node.mean, node.variance);
    Split split;
    if (static_cast<int>(rows.size()) >= 2 * m_minLeafRows && node.variance > 1e-12) {
        // Each input is a candidate with probability 5/6 (SMAC's default share), at least one.
        const auto features = static_cast<int>(inputs.cols());
        for (int feature = 0; feature < features; ++feature) {
            if (m_random.chance(5.0 / 6.0))
                bestCutOn(feature, rows, inputs, targets, m_minLeafRows, split);
        }
        if (split.feature < 0 && features > 0)
            bestCutOn(static_cast<int>(m_random.below(static_cast<std::uint64_t>(features))), rows,
                      inputs, targets, m_minLeafRows, split);
    }
    if (split.feature < 0) {
        tree[static_cast<std::size_t>(index)] = node;
        return index;
    }
    std::vector<int> left, right;
    for (const int row : rows)
        (inputs(row, split.feature) < split.threshold ? left : right).push_back(row);
    node.feature = split.feature;
    node.threshold = split.threshold;
    node.left = grow(tree, std::move(left), inputs, targets);
    node.right = grow(tree, std::move(right), inputs, targets);
    tree[static_cast<std::size_t>(index)] = node;
    return index;
}

const RandomForest::Node &RandomForest::leafOf(const Tree &tree, const Eigen::MatrixXd &points,
                                               Eigen::Index row) const
{
    const Node *node = &tree.front();
    while (node->feature >= 0)
        node = &tree[static_cast<std::size_t>(
            points(row, node->feature) < node->threshold ? node->left : node->right)];
    return *node;
}

ModelPrediction RandomForest::predict(const Eigen::MatrixXd &points) const
{
    ModelPrediction prediction{Eigen::VectorXd::Zero(points.rows()),
                               Eigen::VectorXd::Zero(points.rows())};
    const double trees = static_cast<double>(m_trees.size());
    for (Eigen::Index row = 0; row < points.rows(); ++row) {
        double sum = 0, squares = 0, within = 0;
        for (const Tree &tree : m_trees) {
            const Node &leaf = leafOf(tree, points, row);
            sum += leaf.mean;
            squares += leaf.mean * leaf.mean;
            within += leaf.variance;
        }
        const double mean = sum / trees;
        const double between = std::max(squares / trees - mean * mean, 0.0);
        prediction.mean[row] = mean;
        prediction.deviation[row] = std::sqrt(between + within / trees) + 1e-9;
    }
    return prediction;
}

Eigen::VectorXd RandomForest::outOfBagMeans(const Eigen::MatrixXd &inputs) const
{
    Eigen::VectorXd means(inputs.rows());
    for (Eigen::Index row = 0; row < inputs.rows(); ++row) {
        double sum = 0;
        int count = 0;
        for (std::size_t t = 0; t < m_trees.size(); ++t) {
            if (m_inSample[t][static_cast<std::size_t>(row)])
                continue;
            sum += leafOf(m_trees[t], inputs, row).mean;
            ++count;
        }
        means[row] = count > 0 ? sum / count : std::numeric_limits<double>::quiet_NaN();
    }
    return means;
}

} // namespace tb
