// The URDF-parity form of a model (spec: "Parity with URDF using
// //pose/@relative_to"): the links form one tree, each joint is posed
// relative_to its parent link and each child link relative_to its joint,
// the root link in the model frame.
#pragma once

#include "diag/diagnostics.h"
#include "frames/model.h"

namespace converter {

// True when the links and joints of `model` (its own scope) form one tree
// rooted at a single link (joints from `world` allowed); otherwise reports
// with PARITY_MULTIPLE_PARENTS, PARITY_MULTIPLE_ROOTS, PARITY_KINEMATIC_LOOP
// or PARITY_SCOPED_JOINT why not, naming the links and joints.
bool CheckKinematicTree(const frames::Model& model, frames::Diagnostics* diags);

// Re-poses `model` (and, recursively, its nested models) into the URDF-parity
// form without moving anything: poses already in that form keep their
// numbers; others are resolved through the frame graph. False (with the
// reasons) when a model is not a tree.
bool ToUrdfParity(frames::Model* model, frames::Diagnostics* diags);

}  // namespace converter
