"""The ground floor: the solver-neutral model, results, errors, deadlines, memory, files, the child
runner, the planning task, the backend registry and the board pictures. Every other room uses it; it
uses none of them."""
