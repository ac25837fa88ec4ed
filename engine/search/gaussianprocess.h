#pragma once

#include "search/modelprediction.h"

#include <Eigen/Dense>

#include <optional>
#include <vector>

namespace tb {

// Gaussian-process regression with a Matern 5/2 kernel of unit signal variance on one length
// scale, for targets the caller has standardised (mean 0, variance about 1). Inputs are rows.
// A fit costs one Cholesky factorisation (Eigen's LLT), O(n^3); a prediction O(n^2) per point.
class GaussianProcess
{
public:
    struct Hyperparameters
    {
        double lengthScale = 0.3;
        double noise = 1e-3; // variance added to the diagonal, relative to the signal's
    };

    // False when the kernel matrix cannot be factorised even with extra jitter.
    bool fit(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets,
             Hyperparameters hyperparameters);
    // Fits with each pair of the given length scales and noises and keeps the one of highest
    // marginal likelihood: the hyperparameters that explain the targets best.
    bool fitBest(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets,
                 const std::vector<double> &lengthScales, const std::vector<double> &noises);

    Hyperparameters hyperparameters() const { return m_hyperparameters; }
    // log p(targets | inputs, hyperparameters) of the last fit.
    double logMarginalLikelihood() const { return m_logLikelihood; }
    // The deviation is the latent function's (without the noise).
    ModelPrediction predict(const Eigen::MatrixXd &points) const;
    // Each fitted target's mean predicted from the others (closed form: y_i - [K^-1 y]_i /
    // [K^-1]_ii), for `targets` as last fitted.
    Eigen::VectorXd leaveOneOutMeans(const Eigen::VectorXd &targets) const;

private:
    bool factorise(const Eigen::MatrixXd &covariance, const Eigen::VectorXd &targets, double noise);
    static Eigen::MatrixXd squaredDistances(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b);
    static Eigen::MatrixXd matern52(const Eigen::MatrixXd &squaredDistances, double lengthScale);

    Hyperparameters m_hyperparameters;
    Eigen::MatrixXd m_inputs;
    Eigen::LLT<Eigen::MatrixXd> m_cholesky;
    Eigen::VectorXd m_weights; // K^-1 y
    double m_logLikelihood = 0;
};

} // namespace tb
