//! The Nakdimon weights, read from the safetensors file `scripts/fetch-nikud-model` writes
//! (tensor names and shapes are listed in `scripts/nakdimon_h5_to_safetensors.py`).

use core::fmt;

use safetensors::{Dtype, SafeTensors};

use super::math::gemm_bias;
use super::recurrent;
use super::tables::VOCAB;

/// Width of the embedding, of each LSTM and of the dense layer.
pub const UNITS: usize = 400;
/// Four gates (Keras order i, f, c, o) per unit.
pub const GATES: usize = 4 * UNITS;
/// The three heads side by side: niqqud (16), dagesh (3), shin/sin (4).
pub const HEADS: usize = 16 + 3 + 4;

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The bytes are not a safetensors file.
    Format(String),
    /// A tensor the model needs is absent.
    Missing(&'static str),
    /// A tensor has the wrong dtype or shape.
    Shape {
        name: &'static str,
        expected: Vec<usize>,
        found: Vec<usize>,
    },
    /// The file could not be read (only from `Nakdimon::from_path`).
    Io(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Format(e) => write!(f, "not a safetensors file: {e}"),
            LoadError::Missing(name) => write!(
                f,
                "tensor `{name}` is missing: convert the weights with scripts/fetch-nikud-model"
            ),
            LoadError::Shape {
                name,
                expected,
                found,
            } => write!(
                f,
                "tensor `{name}` should be f32 {expected:?}, found {found:?}"
            ),
            LoadError::Io(e) => write!(f, "cannot read the nikud model: {e}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// One direction of one LSTM layer as Keras stores it: input kernel W (400×1600), recurrent
/// kernel U (400×1600), bias (1600), row-major, gate columns in the order i, f, c, o.
pub struct KerasLstm {
    pub kernel: Vec<f32>,
    pub recurrent: Vec<f32>,
    pub bias: Vec<f32>,
}

/// The inference tensors as stored in the file (the layout the reference implementation and
/// the tests read).
pub struct KerasWeights {
    /// 43×400.
    pub embedding: Vec<f32>,
    /// `[layer][direction]`, direction 0 forward, 1 backward.
    pub lstm: [[KerasLstm; 2]; 2],
    /// 400×400 and 400.
    pub dense_kernel: Vec<f32>,
    pub dense_bias: Vec<f32>,
    /// The heads N, D, S concatenated by column: 400×23 and 23.
    pub heads_kernel: Vec<f32>,
    pub heads_bias: Vec<f32>,
}

/// One direction of one layer, laid out for the forward pass.
pub struct LstmWeights {
    /// W, row-major as stored (the input projections are GEMMs over many steps).
    pub kernel: Vec<f32>,
    /// U in the panel order of [`recurrent::pack`](super::recurrent::pack), the order the
    /// step kernel reads it.
    pub recurrent: Vec<f32>,
    pub bias: Vec<f32>,
}

/// All inference weights, laid out for the forward pass ([`packed`](super::packed)).
pub struct Weights {
    /// Layer 1's input projection of every input id, per direction: `embedding·W + b`
    /// (43×1600), computed once by the same GEMM as a sequence's projection would be, so a
    /// step reads its row instead of multiplying.
    pub input_table: [Vec<f32>; 2],
    /// `[layer][direction]`, direction 0 forward, 1 backward.
    pub lstm: [[LstmWeights; 2]; 2],
    /// 400×400 and 400.
    pub dense_kernel: Vec<f32>,
    pub dense_bias: Vec<f32>,
    /// The heads N, D, S concatenated by column: 400×23 and 23.
    pub heads_kernel: Vec<f32>,
    pub heads_bias: Vec<f32>,
}

fn tensor(
    st: &SafeTensors<'_>,
    name: &'static str,
    shape: &[usize],
) -> Result<Vec<f32>, LoadError> {
    let view = st.tensor(name).map_err(|_| LoadError::Missing(name))?;
    if view.dtype() != Dtype::F32 || view.shape() != shape {
        return Err(LoadError::Shape {
            name,
            expected: shape.to_vec(),
            found: view.shape().to_vec(),
        });
    }
    // safetensors data is little-endian; the slice may be unaligned, so copy by bytes.
    Ok(view
        .data()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect())
}

fn lstm(st: &SafeTensors<'_>, names: [&'static str; 3]) -> Result<KerasLstm, LoadError> {
    Ok(KerasLstm {
        kernel: tensor(st, names[0], &[UNITS, GATES])?,
        recurrent: tensor(st, names[1], &[UNITS, GATES])?,
        bias: tensor(st, names[2], &[GATES])?,
    })
}

impl KerasWeights {
    /// Reads and checks every tensor.
    pub fn from_safetensors(bytes: &[u8]) -> Result<KerasWeights, LoadError> {
        let st = SafeTensors::deserialize(bytes).map_err(|e| LoadError::Format(e.to_string()))?;
        let heads = [
            (
                tensor(&st, "n.kernel", &[UNITS, 16])?,
                tensor(&st, "n.bias", &[16])?,
            ),
            (
                tensor(&st, "d.kernel", &[UNITS, 3])?,
                tensor(&st, "d.bias", &[3])?,
            ),
            (
                tensor(&st, "s.kernel", &[UNITS, 4])?,
                tensor(&st, "s.bias", &[4])?,
            ),
        ];
        let mut heads_kernel = Vec::with_capacity(UNITS * HEADS);
        for row in 0..UNITS {
            for (kernel, bias) in &heads {
                let n = bias.len();
                heads_kernel.extend_from_slice(&kernel[row * n..(row + 1) * n]);
            }
        }
        let heads_bias = heads.iter().flat_map(|(_, b)| b.iter().copied()).collect();
        Ok(KerasWeights {
            embedding: tensor(&st, "embedding", &[VOCAB, UNITS])?,
            lstm: [
                [
                    lstm(
                        &st,
                        ["lstm1.fw.kernel", "lstm1.fw.recurrent", "lstm1.fw.bias"],
                    )?,
                    lstm(
                        &st,
                        ["lstm1.bw.kernel", "lstm1.bw.recurrent", "lstm1.bw.bias"],
                    )?,
                ],
                [
                    lstm(
                        &st,
                        ["lstm2.fw.kernel", "lstm2.fw.recurrent", "lstm2.fw.bias"],
                    )?,
                    lstm(
                        &st,
                        ["lstm2.bw.kernel", "lstm2.bw.recurrent", "lstm2.bw.bias"],
                    )?,
                ],
            ],
            dense_kernel: tensor(&st, "dense.kernel", &[UNITS, UNITS])?,
            dense_bias: tensor(&st, "dense.bias", &[UNITS])?,
            heads_kernel,
            heads_bias,
        })
    }
}

impl Weights {
    /// Reads the file and lays the weights out for the forward pass.
    pub fn from_safetensors(bytes: &[u8]) -> Result<Weights, LoadError> {
        Ok(Weights::new(KerasWeights::from_safetensors(bytes)?))
    }

    /// The forward-pass layout of `k`.
    pub fn new(k: KerasWeights) -> Weights {
        let table = |dir: &KerasLstm| {
            let mut t = vec![0.0; VOCAB * GATES];
            gemm_bias(
                &k.embedding,
                &dir.kernel,
                &dir.bias,
                &mut t,
                VOCAB,
                UNITS,
                GATES,
            );
            t
        };
        let input_table = [table(&k.lstm[0][0]), table(&k.lstm[0][1])];
        let KerasWeights {
            lstm,
            dense_kernel,
            dense_bias,
            heads_kernel,
            heads_bias,
            ..
        } = k;
        let lstm = lstm.map(|layer| {
            layer.map(|d| LstmWeights {
                recurrent: recurrent::pack(&d.recurrent),
                kernel: d.kernel,
                bias: d.bias,
            })
        });
        Weights {
            input_table,
            lstm,
            dense_kernel,
            dense_bias,
            heads_kernel,
            heads_bias,
        }
    }
}
