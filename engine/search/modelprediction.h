#pragma once

#include <Eigen/Dense>

namespace tb {

// What a surrogate model (GaussianProcess, RandomForest) predicts at a set of points: per point
// the mean of the target and how unsure of it the model is, as a standard deviation.
struct ModelPrediction
{
    Eigen::VectorXd mean;
    Eigen::VectorXd deviation;
};

} // namespace tb
