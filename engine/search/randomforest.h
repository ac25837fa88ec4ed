#pragma once

#include "search/modelprediction.h"
#include "search/seededrandom.h"

#include <Eigen/Dense>

#include <cstdint>
#include <vector>

namespace tb {

// Regression forest for a surrogate model, as SMAC uses one: each tree is grown on a bootstrap
// sample of the rows, splitting on the best of a random subset of the inputs until a leaf holds
// few rows. It models interactions and irrelevant inputs without a length scale to choose, where
// one isotropic Gaussian process must treat every parameter alike. Its uncertainty is the
// spread of the trees' predictions plus the spread within their leaves.
class RandomForest
{
public:
    RandomForest(int trees, int minLeafRows, std::uint64_t seed);

    void fit(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets);
    ModelPrediction predict(const Eigen::MatrixXd &points) const;
    // Each fitted row's mean over the trees whose sample left it out (NaN where none did).
    Eigen::VectorXd outOfBagMeans(const Eigen::MatrixXd &inputs) const;

private:
    struct Node
    {
        int feature = -1; // -1: a leaf
        double threshold = 0;
        int left = -1;
        int right = -1;
        double mean = 0;
        double variance = 0;
    };
    using Tree = std::vector<Node>;

    int grow(Tree &tree, std::vector<int> rows, const Eigen::MatrixXd &inputs,
             const Eigen::VectorXd &targets);
    const Node &leafOf(const Tree &tree, const Eigen::MatrixXd &points, Eigen::Index row) const;

    int m_treeCount;
    int m_minLeafRows;
    SeededRandom m_random;
    std::vector<Tree> m_trees;
    std::vector<std::vector<bool>> m_inSample; // per tree, per fitted row
};

} // namespace tb
