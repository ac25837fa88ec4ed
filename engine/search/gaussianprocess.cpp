#include "gaussianprocess.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace tb {

bool GaussianProcess::fit(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets,
                          Hyperparameters hyperparameters)
{
    m_hyperparameters = hyperparameters;
    m_inputs = inputs;
    return factorise(matern52(squaredDistances(inputs, inputs), hyperparameters.lengthScale),
                     targets, hyperparameters.noise);
}

bool GaussianProcess::fitBest(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets,
                              const std::vector<double> &lengthScales,
                              const std::vector<double> &noises)
{
    const Eigen::MatrixXd distances = squaredDistances(inputs, inputs); // shared by the grid
    std::optional<Hyperparameters> best;
    double bestLikelihood = -std::numeric_limits<double>::infinity();
    for (const double lengthScale : lengthScales) {
        const Eigen::MatrixXd covariance = matern52(distances, lengthScale);
        for (const double noise : noises) {
            if (factorise(covariance, targets, noise) && m_logLikelihood > bestLikelihood) {
                best = Hyperparameters{lengthScale, noise};
                bestLikelihood = m_logLikelihood;
            }
        }
    }
    if (!best)
        return false;
    m_hyperparameters = *best;
    m_inputs = inputs;
    return factorise(matern52(distances, best->lengthScale), targets, best->noise);
}

ModelPrediction GaussianProcess::predict(const Eigen::MatrixXd &points) const
{
    const Eigen::MatrixXd cross =
        matern52(squaredDistances(m_inputs, points), m_hyperparameters.lengthScale); // n x m
    ModelPrediction prediction;
    prediction.mean = cross.transpose() * m_weights;
    // var = k(x, x) - v'v with v = L^-1 k(X, x); k(x, x) = 1.
    const Eigen::MatrixXd v = m_cholesky.matrixL().solve(cross);
    prediction.deviation =
        (1.0 - v.colwise().squaredNorm().array()).max(1e-12).sqrt().matrix().transpose();
    return prediction;
}

bool GaussianProcess::factorise(const Eigen::MatrixXd &covariance, const Eigen::VectorXd &targets,
                                double noise)
{
    // Near-duplicate inputs make K singular in floating point; more jitter until it factorises.
    double jitter = 0;
    for (int attempt = 0; attempt < 8; ++attempt, jitter = jitter == 0 ? 1e-9 : jitter * 10) {
        Eigen::MatrixXd noisy = covariance;
        noisy.diagonal().array() += noise + jitter;
        m_cholesky.compute(noisy);
        if (m_cholesky.info() == Eigen::Success)
            break;
    }
    if (m_cholesky.info() != Eigen::Success)
        return false;
    m_weights = m_cholesky.solve(targets);
    const double logDeterminant = 2 * m_cholesky.matrixLLT().diagonal().array().log().sum();
    const auto n = static_cast<double>(targets.size());
    m_logLikelihood = -0.5 * targets.dot(m_weights) - 0.5 * logDeterminant -
                      0.5 * n * std::log(2 * std::numbers::pi);
    return true;
}

// |a_i - b_j|^2 for every row pair.
Eigen::MatrixXd GaussianProcess::squaredDistances(const Eigen::MatrixXd &a,
                                                  const Eigen::MatrixXd &b)
{
    Eigen::MatrixXd squared = -2.0 * a * b.transpose();
    squared.colwise() += a.rowwise().squaredNorm();
    squared.rowwise() += b.rowwise().squaredNorm().transpose();
    return squared.cwiseMax(0.0);
}

// Matern 5/2: (1 + s + s^2/3) exp(-s), s = sqrt(5) r / lengthScale.
Eigen::MatrixXd GaussianProcess::matern52(const Eigen::MatrixXd &squaredDistances,
                                          double lengthScale)
{
    const Eigen::ArrayXXd s = squaredDistances.array().sqrt() * (std::sqrt(5.0) / lengthScale);
    return ((1.0 + s + s.square() / 3.0) * (-s).exp()).matrix();
}

Eigen::VectorXd GaussianProcess::leaveOneOutMeans(const Eigen::VectorXd &targets) const
{
    const auto n = m_weights.size();
    const Eigen::MatrixXd inverse = m_cholesky.solve(Eigen::MatrixXd::Identity(n, n));
    Eigen::VectorXd means(n);
    for (Eigen::Index i = 0; i < n; ++i)
        means[i] = targets[i] - m_weights[i] / inverse(i, i);
    return means;
}

} // namespace tb
